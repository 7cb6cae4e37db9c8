import type { NotificationPreferences } from '@jarvis/contracts';

/** doc2's defaults: SMS off, push on for calls, reminders, location and whispers, e-mail off. */
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  sms: { enabled: false, events: [], phoneNumber: '' },
  push: { enabled: true, events: ['phone_call', 'reminder', 'location_trigger', 'traffic_whisper', 'weather_whisper'] },
  email: { enabled: false, events: [] },
};

export const DEFAULT_VOICE_ALERTS = { enabled: false, wakeTime: '07:00' };
