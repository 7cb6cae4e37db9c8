import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A message sent with the help page's contact form, by a visitor or a signed-in user. */
@Entity({ schema: 'notifications', name: 'support_messages' })
export class SupportMessageEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Null when a visitor wrote it. */
  @Index('support_messages_user_id_idx')
  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId!: string | null;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 300 })
  subject!: string;

  @Column({ type: 'text' })
  message!: string;

  /** When it was e-mailed to SUPPORT_EMAIL; null while no mail delivery is configured. */
  @Column({ name: 'forwarded_at', type: 'timestamptz', nullable: true })
  forwardedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
