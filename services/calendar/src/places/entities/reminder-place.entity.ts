import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { ReminderEntity } from '../../reminders/entities/reminder.entity';

/**
 * The place a reminder names ('the pharmacy on 5th Ave'), one at most per reminder and removed with it. `lat`/`lon`
 * are null while the place could not be geocoded (no match, or the geocoder was down when the reminder was made).
 */
@Entity({ schema: 'calendar', name: 'reminder_places' })
@Index('reminder_places_user_id_lat_idx', ['userId', 'lat'])
export class ReminderPlaceEntity {
  @PrimaryColumn('uuid', { name: 'reminder_id' })
  reminderId!: string;

  @ManyToOne(() => ReminderEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'reminder_id', foreignKeyConstraintName: 'reminder_places_reminder_id_fkey' })
  reminder?: ReminderEntity;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  /** The place as the user wrote it. */
  @Column('varchar', { name: 'place_text', length: 200 })
  placeText!: string;

  @Column('double precision', { nullable: true })
  lat!: number | null;

  @Column('double precision', { nullable: true })
  lon!: number | null;

  /** The geocoder's name of what it found ('Duane Reade, 5th Avenue, Manhattan, ...'). */
  @Column('varchar', { name: 'geocoded_name', length: 500, nullable: true })
  geocodedName!: string | null;

  /** When the place was last looked up; one still without coordinates is looked up again an hour later at the earliest. */
  @Column({ name: 'looked_up_at', type: 'timestamptz', default: () => 'now()' })
  lookedUpAt!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
