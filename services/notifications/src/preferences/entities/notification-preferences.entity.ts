import type { NotificationPreferences } from '@jarvis/contracts';
import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A user's channels and the event kinds each delivers; no row: doc2's defaults. */
@Entity({ schema: 'notifications', name: 'notification_preferences' })
export class NotificationPreferencesEntity {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId!: string;

  @Column('jsonb')
  preferences!: NotificationPreferences;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
