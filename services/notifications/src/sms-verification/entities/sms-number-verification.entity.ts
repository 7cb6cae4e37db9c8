import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * The SMS notification number of one user and whether it is proven theirs: nothing is texted to it until the code
 * sent to it is typed back. The code is kept only as a hash. The counters of codes sent stay across number changes,
 * so changing numbers cannot send more codes than the limits allow.
 */
@Entity({ schema: 'notifications', name: 'sms_number_verifications' })
export class SmsNumberVerificationEntity {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId!: string;

  /** E.164; null once the number is removed from the preferences. */
  @Column({ name: 'phone_number', type: 'varchar', length: 16, nullable: true })
  phoneNumber!: string | null;

  /** sha256 of the pending code (with the user and number); null when none is pending. */
  @Column({ name: 'code_hash', type: 'varchar', length: 64, nullable: true })
  codeHash!: string | null;

  @Column({ name: 'code_expires_at', type: 'timestamptz', nullable: true })
  codeExpiresAt!: Date | null;

  /** Codes typed for the pending code (the right one included); at the limit the code is void. */
  @Column({ name: 'failed_attempts', type: 'int', default: 0 })
  failedAttempts!: number;

  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true })
  verifiedAt!: Date | null;

  /** Codes sent since `windowStartedAt` (an hour's window). */
  @Column({ name: 'codes_in_window', type: 'int', default: 0 })
  codesInWindow!: number;

  @Column({ name: 'window_started_at', type: 'timestamptz', nullable: true })
  windowStartedAt!: Date | null;

  @Column({ name: 'last_sent_at', type: 'timestamptz', nullable: true })
  lastSentAt!: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
