import { api as contracts, NOTIFICATION_EVENTS, type NotificationPreferences } from '@jarvis/contracts';
import { isApiError, statusOf } from '../../api/client';
import type { VoiceAlertSettings } from '../../api/notifications';
import { contractFormErrors, defineContractForm, type FormErrors } from '../../forms/contract-form';

export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];
export type NotificationChannel = keyof NotificationPreferences;

/** What the Notifications tab edits: the three channels and the wake-up briefing, saved together. */
export interface NotificationSettingsForm {
  preferences: NotificationPreferences;
  voiceAlerts: VoiceAlertSettings;
}

/** doc2 §6: sms off, push on with five events, email off; voice alerts off at 07:00. */
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  sms: { enabled: false, events: [], phoneNumber: '' },
  push: {
    enabled: true,
    events: ['phone_call', 'reminder', 'location_trigger', 'traffic_whisper', 'weather_whisper'],
  },
  email: { enabled: false, events: [] },
};
export const DEFAULT_VOICE_ALERTS: VoiceAlertSettings = { enabled: false, wakeTime: '07:00' };

export const EVENT_LABELS: Record<NotificationEvent, string> = {
  chat_message: 'Chat messages',
  phone_call: 'Phone calls',
  reminder: 'Reminders',
  urgent_message: 'Urgent messages',
  callback_request: 'Callback requests',
  location_trigger: 'Location triggers',
  traffic_whisper: 'Traffic whispers',
  weather_whisper: 'Weather whispers',
};

/** The contracts' bound on the SMS number (notifications.ts). */
export const PHONE_NUMBER_MAX = 30;
const WAKE_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function notificationFormOf(
  preferences: NotificationPreferences | null | undefined,
  voiceAlerts: VoiceAlertSettings | null | undefined,
): NotificationSettingsForm {
  const p = preferences ?? DEFAULT_PREFERENCES;
  return {
    preferences: {
      sms: { enabled: p.sms.enabled, events: [...p.sms.events], phoneNumber: p.sms.phoneNumber ?? '' },
      push: { enabled: p.push.enabled, events: [...p.push.events] },
      email: { enabled: p.email.enabled, events: [...p.email.events] },
    },
    voiceAlerts: {
      enabled: voiceAlerts?.enabled ?? DEFAULT_VOICE_ALERTS.enabled,
      wakeTime: voiceAlerts?.wakeTime || DEFAULT_VOICE_ALERTS.wakeTime,
    },
  };
}

/** Adds or removes one event of a channel, keeping the contracts' order. */
export function toggleEvent(
  events: readonly NotificationEvent[],
  event: NotificationEvent,
  on: boolean,
): NotificationEvent[] {
  const next = new Set(events);
  if (on) next.add(event);
  else next.delete(event);
  return NOTIFICATION_EVENTS.filter((e) => next.has(e));
}

/**
 * Checked in the browser by the two requests' own rules, notifications.updatePreferences with
 * notifications.updateVoiceAlerts beside it (the number's length, the wake time as HH:MM while the briefing is on),
 * in the tab's words. doc2 §7 shows no format check on the SMS number, only the hint; we ask for one when text
 * messages are on (they could not be delivered otherwise) and allow the characters a number is written with.
 */
export const notificationForm = defineContractForm({
  schema: contracts.notifications.updatePreferences.request.extend({
    voiceAlerts: contracts.notifications.updateVoiceAlerts.request,
  }),
  toInput: (form: NotificationSettingsForm) => ({
    ...toPreferencesInput(form),
    // A briefing that is on is checked as typed; one that is off sends its last valid time.
    voiceAlerts: form.voiceAlerts.enabled ? { ...form.voiceAlerts } : toVoiceAlertsInput(form),
  }),
  fields: { sms: 'preferences.sms', push: 'preferences.push', email: 'preferences.email' },
  messages: {
    'preferences.sms.phoneNumber': `A phone number is at most ${PHONE_NUMBER_MAX} characters`,
    'voiceAlerts.wakeTime': 'Choose a wake time (HH:MM)',
  },
  refine: (form: NotificationSettingsForm) => {
    const { enabled, phoneNumber } = form.preferences.sms;
    const phone = phoneNumber.trim();
    return {
      'preferences.sms.phoneNumber':
        phone.length > PHONE_NUMBER_MAX
          ? undefined
          : phone && !/^\+?[\d\s().-]+$/.test(phone)
            ? 'Use digits only, with the country code (for example +15551234567)'
            : enabled && !/\d/.test(phone)
              ? 'Enter the phone number text messages should go to'
              : undefined,
    };
  },
});

export type NotificationSettingsErrors = FormErrors<NotificationSettingsForm>;

export function notificationFormErrors(form: NotificationSettingsForm): NotificationSettingsErrors {
  return contractFormErrors(notificationForm, form);
}

/** PUT /api/notifications/preferences's body: the number trimmed. */
export function toPreferencesInput(form: NotificationSettingsForm): NotificationPreferences {
  const { sms, push, email } = form.preferences;
  return {
    sms: { enabled: sms.enabled, events: [...sms.events], phoneNumber: sms.phoneNumber.trim() },
    push: { enabled: push.enabled, events: [...push.events] },
    email: { enabled: email.enabled, events: [...email.events] },
  };
}

/** PUT /api/user/voice-alerts's body; a briefing that is off keeps its last valid time (the server requires one). */
export function toVoiceAlertsInput(form: NotificationSettingsForm): VoiceAlertSettings {
  const { enabled, wakeTime } = form.voiceAlerts;
  return { enabled, wakeTime: WAKE_TIME.test(wakeTime) ? wakeTime : DEFAULT_VOICE_ALERTS.wakeTime };
}

/** A failed save's toast text (doc2 §8): the server's message for a 4xx, else doc2's fallback. */
export function saveFailureMessage(error: unknown, fallback: string): string {
  const status = statusOf(error);
  const server = isApiError(error) ? error.serverMessage : undefined;
  return status !== undefined && status >= 400 && status < 500 && server ? server : fallback;
}
