import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A user's connected Google Calendar: one a user. The refresh token is stored sealed (AES-256-GCM), never in clear. */
@Entity({ schema: 'calendar', name: 'calendar_connections' })
export class CalendarConnectionEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** The Google account's address, as its user-info endpoint gives it. */
  @Column({ name: 'google_email', type: 'varchar', length: 320, nullable: true })
  googleEmail!: string | null;

  /** `TokenCipher.seal(refreshToken)` under ENCRYPTION_KEY. */
  @Column({ name: 'refresh_token_sealed', type: 'text' })
  refreshTokenSealed!: string;

  /** The scopes Google granted, space-separated. */
  @Column({ type: 'text', default: '' })
  scopes!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
