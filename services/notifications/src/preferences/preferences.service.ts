import { Injectable } from '@nestjs/common';
import { type NotificationPreferences, ValidationError } from '@jarvis/contracts';
import { toE164 } from '../sms-verification/phone-number';
import { SmsVerificationService } from '../sms-verification/sms-verification.service';
import { DEFAULT_PREFERENCES, DEFAULT_VOICE_ALERTS } from './preferences.constants';
import { PreferencesRepository } from './preferences.repository';
import type { EntityManager } from 'typeorm';

const INTERNATIONAL = 'Use international format with country code, e.g. +1234567890';

@Injectable()
export class PreferencesService {
  constructor(
    private readonly repository: PreferencesRepository,
    private readonly smsVerification: SmsVerificationService,
  ) {}

  async get(userId: string): Promise<NotificationPreferences> {
    return (await this.repository.preferences(userId)) ?? DEFAULT_PREFERENCES;
  }

  /**
   * Saves the channels; the SMS number is kept in E.164 (a number that cannot be one is a 400), and a new number is
   * sent a verification code: nothing is texted to it until the code is typed back.
   */
  async update(userId: string, preferences: NotificationPreferences) {
    const events = (list: NotificationPreferences['push']['events']) => [...new Set(list)];
    const phoneNumber = preferences.sms.phoneNumber ? toE164(preferences.sms.phoneNumber) : '';
    if (phoneNumber === null) throw new ValidationError(INTERNATIONAL, { 'sms.phoneNumber': [INTERNATIONAL] });
    const clean: NotificationPreferences = {
      sms: { ...preferences.sms, phoneNumber, events: events(preferences.sms.events) },
      push: { enabled: preferences.push.enabled, events: events(preferences.push.events) },
      email: { enabled: preferences.email.enabled, events: events(preferences.email.events) },
    };
    await this.repository.savePreferences(userId, clean);
    await this.smsVerification.numberSaved(userId, phoneNumber);
    return clean;
  }

  async voiceAlerts(userId: string) {
    const row = await this.repository.voiceAlerts(userId);
    return row ? { enabled: row.enabled, wakeTime: row.wakeTime } : DEFAULT_VOICE_ALERTS;
  }

  /**
   * Claims the wake-up briefings due now (enabled, wake time from `windowStart` to `time`, not yet sent on `date`, all
   * New York): the users to brief, each claimed by one replica once a day.
   */
  claimBriefingsDue(date: string, time: string, windowStart: string): Promise<string[]> {
    return this.repository.claimBriefingsDue(date, time, windowStart);
  }

  async updateVoiceAlerts(userId: string, settings: { enabled: boolean; wakeTime: string }) {
    await this.repository.saveVoiceAlerts(userId, settings);
    return { enabled: settings.enabled, wakeTime: settings.wakeTime };
  }

  /** Account lifecycle (issue 22): the channels chosen and the voice briefing, as stored (null: the defaults). */
  async accountRows(userId: string) {
    const [preferences, voiceAlerts] = await Promise.all([this.repository.preferences(userId), this.repository.voiceAlerts(userId)]);
    return { preferences, voiceAlerts: voiceAlerts && { enabled: voiceAlerts.enabled, wakeTime: voiceAlerts.wakeTime } };
  }

  /**
   * Imported settings replace the user's, written as they are: an SMS number in them is not verified here, so the
   * SMS channel texts nothing until its owner verifies it (no code is sent by the import).
   */
  importAccountRows(manager: EntityManager, userId: string, preferences: NotificationPreferences | null, voiceAlerts: { enabled: boolean; wakeTime: string } | null) {
    return this.repository.importSettings(manager, userId, preferences, voiceAlerts);
  }

  eraseAccountRows(manager: EntityManager, userId: string) {
    return this.repository.eraseUser(manager, userId);
  }
}
