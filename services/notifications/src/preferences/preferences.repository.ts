import { Injectable } from '@nestjs/common';
import type { NotificationPreferences } from '@jarvis/contracts';
import { DataSource } from 'typeorm';
import { NotificationPreferencesEntity } from './entities/notification-preferences.entity';
import { VoiceAlertSettingsEntity } from './entities/voice-alert-settings.entity';

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
}
