import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from '../../entities/user.entity';

/**
 * One link e-mailed to prove an address: single use, 24 hours, for the address it was sent to (a link for an
 * address the account no longer has verifies nothing). Only a hash of the link's token is stored.
 */
@Entity({ schema: 'identity', name: 'email_verification_tokens' })
export class EmailVerificationTokenEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('email_verification_tokens_user_id_idx')
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'email_verification_tokens_user_id_fkey' })
  user?: UserEntity;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  /** sha256 (hex) of the token in the link. */
  @Index('email_verification_tokens_token_hash_key', { unique: true })
  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
