import type { AccountExportStatus, AccountPartName, AccountPartState } from '@jarvis/contracts';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { UserEntity } from '../../identity/entities/user.entity';

/**
 * One export of a user's data: its state while the job writes the archive, then where the archive is kept (the
 * Object Store object named by the id) until `expires_at`. One export runs per user at a time (a partial unique
 * index, created by the migration, on the user's queued or running export).
 */
@Entity({ schema: 'identity', name: 'account_exports' })
@Index('account_exports_user_created_idx', ['userId', 'createdAt'])
@Index('account_exports_one_running_key', { synchronize: false })
export class AccountExportEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'account_exports_user_id_fkey' })
  user?: UserEntity;

  @Column('varchar', { length: 16, default: 'queued' })
  status!: AccountExportStatus;

  /** 0 to 100. */
  @Column('smallint', { default: 0 })
  progress!: number;

  @Column('jsonb')
  parts!: Record<AccountPartName, AccountPartState>;

  @Column('text', { nullable: true })
  error!: string | null;

  /** The archive's size once written. */
  @Column('bigint', { nullable: true })
  bytes!: string | null;

  /**
   * The current download link's nonce: the link carries it with an HMAC of the export, so it cannot be made up;
   * a download replaces it, so each link works once.
   */
  @Column('varchar', { name: 'download_nonce', length: 64, nullable: true })
  downloadNonce!: string | null;

  /** When the archive is deleted (24 hours after it was written). */
  @Column('timestamptz', { name: 'expires_at', nullable: true })
  expiresAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
