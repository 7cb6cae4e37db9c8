import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ schema: 'chat', name: 'conversations' })
@Index('conversations_user_created_idx', ['userId', 'createdAt'])
@Index('conversations_share_token_key', ['shareToken'], { unique: true })
export class ConversationEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  /** The saved messages (the caller's own, checked on save), in conversation order. */
  @Column({ name: 'message_ids', type: 'uuid', array: true })
  messageIds!: string[];

  @Column({ name: 'is_public', type: 'boolean', default: false })
  isPublic!: boolean;

  /** 256 random bits, base64url; kept while sharing is off so re-enabling restores the link given out. */
  @Column({ name: 'share_token', type: 'varchar', length: 64, nullable: true })
  shareToken!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** Set by delete; a deleted conversation is recoverable for 7 days (see ConversationsService). */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}
