import { Injectable } from '@nestjs/common';
import type { NotificationPreferences } from '@jarvis/contracts';
import { DataSource } from 'typeorm';
import { NotificationPreferencesEntity } from './entities/notification-preferences.entity';
import { VoiceAlertSettingsEntity } from './entities/voice-alert-settings.entity';
import type { EntityManager } from 'typeorm';

@Injectable()
export class PreferencesRepository {
  constructor(private readonly dataSource: DataSource) {}

  async preferences(userId: string): Promise<NotificationPreferences | null> {
    return (await this.dataSource.getRepository(NotificationPreferencesEntity).findOneBy({ userId }))?.preferences ?? null;
  }

  async savePreferences(userId: string, preferences: NotificationPreferences) {
    await this.dataSource.getRepository(NotificationPreferencesEntity).upsert({ userId, preferences }, ['userId']);
  }

  voiceAlerts(userId: string) {
    return this.dataSource.getRepository(VoiceAlertSettingsEntity).findOneBy({ userId });
  }

  async saveVoiceAlerts(userId: string, settings: { enabled: boolean; wakeTime: string }) {
    await this.dataSource.getRepository(VoiceAlertSettingsEntity).upsert({ userId, ...settings }, ['userId']);
  }

  /**
   * Claims the briefings due now: enabled, wake time within the last hour and not yet sent today. One statement, so
   * replicas polling together each claim different users and a user once a day.
   */
  async claimBriefingsDue(date: string, time: string, windowStart: string): Promise<string[]> {
    const [rows] = (await this.dataSource.query(
      `UPDATE "notifications"."voice_alert_settings" SET last_briefed_on = $1
       WHERE enabled AND wake_time <= $2 AND wake_time >= $3 AND (last_briefed_on IS NULL OR last_briefed_on < $1)
       RETURNING user_id`,
      [date, time, windowStart],
    )) as [{ user_id: string }[], number];
    return rows.map((r) => r.user_id);
  }

  /** Account lifecycle (issue 22): imported channels and briefing replace the user's, in the caller's transaction. */
  async importSettings(manager: EntityManager, userId: string, preferences: NotificationPreferences | null, voiceAlerts: { enabled: boolean; wakeTime: string } | null) {
    if (preferences) await manager.getRepository(NotificationPreferencesEntity).upsert({ userId, preferences }, ['userId']);
    if (voiceAlerts) await manager.getRepository(VoiceAlertSettingsEntity).upsert({ userId, ...voiceAlerts }, ['userId']);
  }

  async eraseUser(manager: EntityManager, userId: string) {
    await manager.getRepository(NotificationPreferencesEntity).delete({ userId });
    await manager.getRepository(VoiceAlertSettingsEntity).delete({ userId });
  }
}
