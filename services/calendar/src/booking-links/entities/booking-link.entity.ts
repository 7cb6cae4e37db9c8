import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A user's public booking link: `/book/<code>` under PUBLIC_URL. One a user, made on first use, never changed. */
@Entity({ schema: 'calendar', name: 'booking_links' })
@Index('booking_links_user_id_key', ['userId'], { unique: true })
@Index('booking_links_code_key', ['code'], { unique: true })
export class BookingLinkEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 32 })
  code!: string;

  /** What the booking page shows: 'Meeting with <first name>' when the owner's first name was known. */
  @Column({ type: 'varchar', length: 200, default: 'Meeting' })
  title!: string;

  @Column({ name: 'duration_minutes', type: 'integer', default: 30 })
  durationMinutes!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
