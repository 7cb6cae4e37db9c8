import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A location trigger that fired: one row per reminder and New York day, so a reminder's place notifies its user at
 * most once a day, whatever the number of positions, replicas or concurrent requests (the primary key decides), and
 * even once the inbox entry it made was deleted.
 */
@Entity({ schema: 'notifications', name: 'location_triggers' })
export class LocationTriggerEntity {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId!: string;

  /** Calendar's reminder whose place the user came near. */
  @PrimaryColumn('uuid', { name: 'reminder_id' })
  reminderId!: string;

  /** The day in New York ('YYYY-MM-DD') it fired. */
  @PrimaryColumn('date')
  day!: string;

  /** The inbox entry it made (the id stays when the user deletes the entry). */
  @Column('uuid', { name: 'notification_id', nullable: true })
  notificationId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
