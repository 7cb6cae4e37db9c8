import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type SyncedEventType = 'reminder' | 'call';

/**
 * What a sync made of one Google Calendar event: a reminder, or an appointment call queued by telephony. One row a
 * user, event and type, holding the start it was made for, so syncing again changes nothing and a moved event is
 * noticed. A row the user removed stays, dismissed, so the next sync does not bring it back.
 */
@Entity({ schema: 'calendar', name: 'synced_events' })
@Index('synced_events_user_event_type_key', ['userId', 'googleEventId', 'eventType'], { unique: true })
@Index('synced_events_user_start_idx', ['userId', 'eventStart'])
export class SyncedEventEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'google_event_id', type: 'varchar', length: 1024 })
  googleEventId!: string;

  @Column({ name: 'event_type', type: 'varchar', length: 16 })
  eventType!: SyncedEventType;

  @Column({ name: 'event_title', type: 'varchar', length: 500 })
  eventTitle!: string;

  @Column({ name: 'event_start', type: 'timestamptz' })
  eventStart!: Date;

  /** The reminder a 'reminder' row made (null once the user deleted it). */
  @Column({ name: 'reminder_id', type: 'uuid', nullable: true })
  reminderId!: string | null;

  /** The call telephony queued for a 'call' row. */
  @Column({ name: 'call_id', type: 'varchar', length: 64, nullable: true })
  callId!: string | null;

  /** Set when the user removed it from recent syncs: kept so a later sync does not make it again. */
  @Column({ name: 'dismissed_at', type: 'timestamptz', nullable: true })
  dismissedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
