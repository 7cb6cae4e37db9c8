import type { ChatAction } from '@jarvis/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Check('messages_role_check', `"role" IN ('user', 'assistant')`)
@Entity({ schema: 'chat', name: 'messages' })
@Index('messages_user_created_idx', ['userId', 'createdAt'])
export class MessageEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** user or assistant. */
  @Column({ type: 'varchar', length: 16 })
  role!: 'user' | 'assistant';

  @Column({ type: 'text' })
  content!: string;

  /** The actions an assistant reply offers (validated against ACTION_TYPES); empty for user messages. */
  @Column({ type: 'jsonb' })
  actions!: ChatAction[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
