import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A voice at the provider that no user speaks with any more (replaced by a newer clone, or made for an attempt that
 * was superseded), kept until the provider has deleted it: ElevenLabs counts every voice against the operator's
 * plan, so a failed delete is retried rather than forgotten.
 */
@Entity({ schema: 'voice', name: 'retired_voices' })
@Index('retired_voices_user_idx', ['userId'])
export class RetiredVoiceEntity {
  @PrimaryColumn({ name: 'voice_id', type: 'varchar', length: 100 })
  voiceId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** Deletes tried and failed so far. */
  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  @CreateDateColumn({ name: 'retired_at', type: 'timestamptz' })
  retiredAt!: Date;
}
