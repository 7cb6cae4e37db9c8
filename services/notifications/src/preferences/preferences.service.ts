import { Injectable } from '@nestjs/common';
import type { NotificationPreferences } from '@jarvis/contracts';
import { DEFAULT_PREFERENCES, DEFAULT_VOICE_ALERTS } from './preferences.constants';
import { PreferencesRepository } from './preferences.repository';

@Injectable()
export class PreferencesService {
  constructor(private readonly repository: PreferencesRepository) {}

  async get(userId: string): Promise<NotificationPreferences> {
    return (await this.repository.preferences(userId)) ?? DEFAULT_PREFERENCES;
  }

  async update(userId: string, preferences: NotificationPreferences) {
    const events = (list: NotificationPreferences['push']['events']) => [...new Set(list)];
    const clean: NotificationPreferences = {
      sms: { ...preferences.sms, events: events(preferences.sms.events) },
      push: { enabled: preferences.push.enabled, events: events(preferences.push.events) },
      email: { enabled: preferences.email.enabled, events: events(preferences.email.events) },
    };
    await this.repository.savePreferences(userId, clean);
    return clean;
  }

  async voiceAlerts(userId: string) {
    const row = await this.repository.voiceAlerts(userId);
    return row ? { enabled: row.enabled, wakeTime: row.wakeTime } : DEFAULT_VOICE_ALERTS;
  }

  async updateVoiceAlerts(userId: string, settings: { enabled: boolean; wakeTime: string }) {
    await this.repository.saveVoiceAlerts(userId, settings);
    return { enabled: settings.enabled, wakeTime: settings.wakeTime };
  }
}
