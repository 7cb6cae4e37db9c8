import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The voice wake-up briefing: on or off and when (HH:MM, New York); no row: off at 07:00. */
@Entity({ schema: 'notifications', name: 'voice_alert_settings' })
export class VoiceAlertSettingsEntity {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId!: string;

  @Column('boolean', { default: false })
  enabled!: boolean;

  @Column('varchar', { name: 'wake_time', length: 5, default: '07:00' })
  wakeTime!: string;

  /** The New York date of the last briefing sent: claimed atomically, so one replica sends it, once a day. */
  @Column('date', { name: 'last_briefed_on', nullable: true })
  lastBriefedOn!: string | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
