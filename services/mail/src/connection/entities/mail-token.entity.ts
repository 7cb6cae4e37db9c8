import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A user's Gmail connection: the refresh token sealed with AES-256-GCM under ENCRYPTION_KEY (`v1.<nonce>.<data>.<tag>`,
 * never in clear), the Google address it belongs to and the scopes granted. One a user; connecting again replaces it.
 */
@Entity({ schema: 'mail', name: 'tokens' })
@Index('tokens_user_id_key', ['userId'], { unique: true })
export class MailTokenEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'google_email', type: 'varchar', length: 320 })
  googleEmail!: string;

  @Column({ name: 'refresh_token_sealed', type: 'text' })
  refreshTokenSealed!: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  scopes!: string[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
