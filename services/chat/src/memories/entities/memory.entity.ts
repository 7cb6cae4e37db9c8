import type { Memory } from '@jarvis/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** What a new memory row is made of (the id, owner and time are the repository's). */
export type NewMemory = Pick<Memory, 'type' | 'content' | 'importance' | 'tags'>;

@Check('memories_type_check', `"type" IN ('profile', 'episode', 'interaction', 'other')`)
@Check('memories_importance_check', '"importance" BETWEEN 1 AND 5')
@Entity({ schema: 'chat', name: 'memories' })
@Index('memories_user_created_idx', ['userId', 'createdAt'])
export class MemoryEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** profile, episode, interaction or other. */
  @Column({ type: 'varchar', length: 20 })
  type!: string;

  @Column({ type: 'text' })
  content!: string;

  /** 1 (trivia) to 5 (who the user is). */
  @Column({ type: 'smallint' })
  importance!: number;

  @Column({ type: 'text', array: true })
  tags!: string[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
