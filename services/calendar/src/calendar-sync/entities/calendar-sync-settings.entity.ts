import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A user's calendar sync settings and when their calendar was last synced. One row a user, made on first change. */
@Entity({ schema: 'calendar', name: 'calendar_sync_settings' })
@Index('calendar_sync_settings_enabled_idx', ['enabled'])
export class CalendarSyncSettingsEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'boolean', default: false })
  enabled!: boolean;

  @Column({ name: 'sync_reminders', type: 'boolean', default: true })
  syncReminders!: boolean;

  @Column({ name: 'reminder_minutes_before', type: 'integer', default: 15 })
  reminderMinutesBefore!: number;

  @Column({ name: 'sync_calls', type: 'boolean', default: false })
  syncCalls!: boolean;

  @Column({ name: 'call_keywords', type: 'text', array: true, default: () => "'{}'" })
  callKeywords!: string[];

  @Column({ name: 'last_sync_at', type: 'timestamptz', nullable: true })
  lastSyncAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
