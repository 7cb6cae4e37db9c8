import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export type VoiceCloningStatus = 'processing' | 'completed' | 'failed';

/** A user's cloned voice: one row a user, its `cloneId` renewed by each new set of samples. */
@Entity({ schema: 'voice', name: 'voice_clones' })
export class VoiceCloneEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** The attempt the latest samples belong to; a job for an older attempt changes nothing. */
  @Column({ name: 'clone_id', type: 'uuid' })
  cloneId!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: VoiceCloningStatus;

  @Column({ name: 'voice_id', type: 'varchar', length: 100, nullable: true })
  voiceId!: string | null;

  @Column({ type: 'boolean', default: false })
  enabled!: boolean;

  @Column({ name: 'failure_reason', type: 'text', nullable: true })
  failureReason!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
