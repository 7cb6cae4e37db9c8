import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import {
  DEFAULT_PREFERENCES,
  notificationFormErrors,
  notificationFormOf,
  saveFailureMessage,
  toPreferencesInput,
  toVoiceAlertsInput,
  toggleEvent,
} from './notification-form';

const FALLBACK = 'Failed to save notification preferences. Please try again.';

describe('notification settings form', () => {
  it("starts from doc2's defaults when nothing is stored", () => {
    expect(notificationFormOf(null, null)).toEqual({
      preferences: DEFAULT_PREFERENCES,
      voiceAlerts: { enabled: false, wakeTime: '07:00' },
    });
  });

  it("keeps the contracts' order of events whatever order they were ticked in", () => {
    expect(toggleEvent(['weather_whisper'], 'chat_message', true)).toEqual([
      'chat_message',
      'weather_whisper',
    ]);
    expect(toggleEvent(['chat_message', 'reminder'], 'chat_message', false)).toEqual(['reminder']);
    expect(toggleEvent(['reminder'], 'reminder', true)).toEqual(['reminder']);
  });

  it('asks for a phone number only while SMS is on, and rejects letters', () => {
    const form = notificationFormOf(null, null);
    expect(notificationFormErrors(form)).toEqual({});
    const smsOn = {
      ...form,
      preferences: { ...form.preferences, sms: { enabled: true, events: [], phoneNumber: ' ' } },
    };
    expect(notificationFormErrors(smsOn)).toEqual({
      'preferences.sms.phoneNumber': 'Enter the phone number text messages should go to',
    });
    smsOn.preferences.sms.phoneNumber = 'call me';
    expect(notificationFormErrors(smsOn)['preferences.sms.phoneNumber']).toMatch(/country code/);
    smsOn.preferences.sms.phoneNumber = '+1 (555) 123-4567';
    expect(notificationFormErrors(smsOn)).toEqual({});
    // notifications.updatePreferences's own bound, in the tab's words.
    smsOn.preferences.sms.phoneNumber = `+1 ${'5'.repeat(30)}`;
    expect(notificationFormErrors(smsOn)).toEqual({
      'preferences.sms.phoneNumber': 'A phone number is at most 30 characters',
    });
  });

  it('checks the wake time only while voice alerts are on', () => {
    const form = { ...notificationFormOf(null, null), voiceAlerts: { enabled: false, wakeTime: '' } };
    expect(notificationFormErrors(form)).toEqual({});
    expect(toVoiceAlertsInput(form)).toEqual({ enabled: false, wakeTime: '07:00' });
    form.voiceAlerts.enabled = true;
    expect(notificationFormErrors(form)).toEqual({ 'voiceAlerts.wakeTime': 'Choose a wake time (HH:MM)' });
    form.voiceAlerts.wakeTime = '24:00';
    expect(notificationFormErrors(form)).toEqual({ 'voiceAlerts.wakeTime': 'Choose a wake time (HH:MM)' });
  });

  it('trims the SMS number in the body it sends', () => {
    const form = notificationFormOf(
      { ...DEFAULT_PREFERENCES, sms: { enabled: true, events: ['reminder'], phoneNumber: ' +15551234567 ' } },
      null,
    );
    expect(toPreferencesInput(form).sms).toEqual({
      enabled: true,
      events: ['reminder'],
      phoneNumber: '+15551234567',
    });
  });

  it("toasts the server's message for a 4xx and doc2's text otherwise", () => {
    const bad = new ApiError(400, '400: Bad', { error: 'Unknown event kind', code: 'VALIDATION' });
    expect(saveFailureMessage(bad, FALLBACK)).toBe('Unknown event kind');
    expect(
      saveFailureMessage(new ApiError(500, '500: Oops', { error: 'Internal', code: 'INTERNAL' }), FALLBACK),
    ).toBe(FALLBACK);
    expect(saveFailureMessage(new Error('offline'), FALLBACK)).toBe(FALLBACK);
  });
});
