import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from './user.entity';

/**
 * A browser an account signed in from: the SHA-256 of the secret in its `jarvis_device` cookie (the secret itself is
 * never stored). One browser may hold several accounts, so a hash may appear once per user.
 */
@Entity({ schema: 'identity', name: 'device_secrets' })
@Index('device_secrets_secret_hash_user_id_key', ['secretHash', 'userId'], { unique: true })
export class DeviceSecretEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('device_secrets_user_id_idx')
  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'device_secrets_user_id_fkey' })
  user?: UserEntity;

  /** Hex SHA-256 of the cookie's secret. */
  @Column('char', { name: 'secret_hash', length: 64 })
  secretHash!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** The last sign-in from this browser into this account. */
  @Column({ name: 'last_used_at', type: 'timestamptz', default: () => 'now()' })
  lastUsedAt!: Date;
}
