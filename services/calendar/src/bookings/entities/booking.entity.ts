import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A visitor's confirmed booking of a slot on a user's booking link. One booking a link and start: the unique index
 * decides when two visitors confirm the same slot at once.
 */
@Entity({ schema: 'calendar', name: 'bookings' })
@Index('bookings_link_start_key', ['linkId', 'startAt'], { unique: true })
@Index('bookings_user_start_idx', ['userId', 'startAt'])
export class BookingEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'link_id', type: 'uuid' })
  linkId!: string;

  /** The link's owner: the user whose time is booked. */
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'start_at', type: 'timestamptz' })
  startAt!: Date;

  @Column({ name: 'end_at', type: 'timestamptz' })
  endAt!: Date;

  @Column({ name: 'booker_name', type: 'varchar', length: 100 })
  bookerName!: string;

  @Column({ name: 'booker_email', type: 'varchar', length: 254, nullable: true })
  bookerEmail!: string | null;

  /** The event added to the owner's Google Calendar, when it was connected. */
  @Column({ name: 'google_event_id', type: 'varchar', length: 1024, nullable: true })
  googleEventId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
