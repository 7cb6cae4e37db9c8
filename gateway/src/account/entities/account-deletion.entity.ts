import type { AccountPartService } from '@jarvis/contracts';
import { Column, CreateDateColumn, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../../identity/entities/user.entity';

/**
 * A deleted account whose data is still being erased: the services that have not reported yet. Identity asks them
 * again until each has, then erases the user (this row goes with it).
 */
@Entity({ schema: 'identity', name: 'account_deletions' })
export class AccountDeletionEntity {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId!: string;

  @OneToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'account_deletions_user_id_fkey' })
  user?: UserEntity;

  /** The services that have not reported their part erased. */
  @Column('text', { name: 'pending_services', array: true })
  pendingServices!: AccountPartService[];

  /** Times identity asked the pending services again. */
  @Column('integer', { default: 0 })
  attempts!: number;

  @Column('timestamptz', { name: 'last_attempt_at', nullable: true })
  lastAttemptAt!: Date | null;

  @Column('text', { name: 'last_error', nullable: true })
  lastError!: string | null;

  @CreateDateColumn({ name: 'requested_at', type: 'timestamptz' })
  requestedAt!: Date;
}
