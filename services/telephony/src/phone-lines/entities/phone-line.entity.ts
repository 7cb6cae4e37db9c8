import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A Twilio number mapped to one user: their calls and texts arrive on it. */
@Entity({ schema: 'telephony', name: 'phone_lines' })
export class PhoneLineEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid', unique: true })
  userId!: string;

  @Column({ name: 'phone_number', type: 'varchar', length: 20, unique: true })
  phoneNumber!: string;

  @Column({ name: 'twilio_sid', type: 'varchar', length: 64 })
  twilioSid!: string;

  /** Bought here, so released at Twilio too when the user lets it go. */
  @Column({ type: 'boolean', default: false })
  purchased!: boolean;

  /** The owner's plan as of their last call to the phone-line endpoints: webhooks carry no user context. */
  @Column({ type: 'varchar', length: 16, default: 'free' })
  tier!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
