import { describe, expect, it } from 'vitest';
import {
  allAudioStreams,
  allEndpoints,
  api,
  audioSeconds,
  base64Size,
  HTTP_STATUS_BY_KIND,
  QUOTA_KIND_NAMES,
  QUOTA_KINDS,
  QUOTA_VARIABLES,
  quotaCost,
  quotaDay,
  quotaDayEnd,
  QuotaExceededError,
  type QuotaKind,
  quotaVariable,
  secondsUntil,
} from './index';

/**
 * Every endpoint whose call reaches a provider that bills the operator, and the quota it counts against. A new
 * endpoint must be put in one of the three lists below, so a paid one cannot slip in without a quota.
 */
const PAID: Record<string, QuotaKind> = {
  'chat.messages.send': 'chat_messages', // the chat model, streamed or not
  'chat.personality.preview': 'persona_requests', // the chat model
  'chat.twin.train': 'persona_requests', // the chat model
  'chat.weather.current': 'weather_requests', // OpenWeatherMap
  'chat.weather.forecast': 'weather_requests',
  'chat.events.search': 'event_searches', // Ticketmaster
  'chat.events.near': 'event_searches',
  'chat.search.web': 'web_searches', // Perplexity
  'voice.speech.speak': 'speech_characters', // OpenAI speech
  'voice.speech.transcribe': 'audio_seconds', // OpenAI transcription
  'voice.music.identify': 'audio_seconds', // AudD
  'voice.speech.translate': 'translation_characters', // the chat model
  'voice.vision.analyze': 'image_analyses', // the vision model
  'voice.cloning.clone': 'voice_clones', // ElevenLabs
  // Twilio and the realtime model; also billing's monthly allowance (reserved by telephony).
  'telephony.calls.enqueueBillCollector': 'outgoing_calls',
  'telephony.calls.enqueueAppointment': 'outgoing_calls',
  'telephony.calls.enqueueSpamBlock': 'outgoing_calls',
  'telephony.calls.enqueueFollowUp': 'outgoing_calls',
  'telephony.calls.enqueueMissedCallReturn': 'outgoing_calls',
  'telephony.scenarios.execute': 'outgoing_calls', // the call, with the weather and search its script may read
};

/** Paid, and limited by their own rules rather than a daily quota. */
const LIMITED_ELSEWHERE: Record<string, string> = {
  'telephony.sms.send': "telephony's SMS limits: per recipient, per user and for the installation, a day",
  'telephony.phone-line.claim': "one number a user; buying needs a plan, claiming only the operator's TWILIO_CLAIMABLE_NUMBERS",
  'notifications.preferences.update': 'a new SMS number gets one verification code; resends are limited by the verification',
  'notifications.sms-verification.resend': 'limited by the SMS verification',
};

/** Reach no provider that bills per call (our own data, Google's and Discord's free APIs, Stripe, web push, SMTP). */
const NO_PAID_PROVIDER = [
  // gateway
  'identity.accounts.register', 'identity.sessions.login', 'identity.sessions.quickAccess', 'identity.google.start',
  'identity.google.callback', 'identity.users.current', 'identity.sessions.logout', 'identity.terms.accept',
  'identity.onboarding.complete', 'identity.onboarding.reset', 'identity.theme.update', 'identity.users.get',
  'identity.password.change', 'identity.profile.update', 'identity.email.change', 'identity.email.verify',
  'identity.email.resend', 'identity.live.stream', 'identity.usage.get',
  // the account's data: exported, imported and erased here (provider clean-ups on deletion are free)
  'identity.account-exports.start', 'identity.account-exports.latest', 'identity.account-exports.get',
  'identity.account-exports.download', 'identity.account-imports.run', 'identity.accounts.delete',
  // chat: stored data, shortcuts, patterns and whispers computed here, Discord's API, drafts without the model
  'chat.actions.setOutcome', 'chat.messages.list', 'chat.feedback.create', 'chat.personality.get', 'chat.personality.set',
  'chat.career.get', 'chat.career.set', 'chat.memories.list', 'chat.memories.delete', 'chat.memories.cleanupPatterns',
  'chat.patterns.list', 'chat.patterns.insights', 'chat.twin.get', 'chat.shortcuts.list', 'chat.shortcuts.create',
  'chat.shortcuts.update', 'chat.shortcuts.delete', 'chat.whispers.list', 'chat.discord.servers', 'chat.discord.invite',
  'chat.discord.channels', 'chat.discord.message', 'chat.discord.callback', 'chat.drafts.message', 'chat.conversations.create',
  'chat.conversations.list', 'chat.conversations.delete', 'chat.conversations.share', 'chat.conversations.recoverSearch',
  'chat.conversations.recoverClaim', 'chat.conversations.shared',
  // voice (the live voice's status; its stream is metered as it goes, below)
  'voice.cloning.toggle', 'voice.cloning.status', 'voice.live.status',
  // telephony: stored calls and messages, recordings already paid for, scenarios (their runs reserve billing's allowance)
  'telephony.phone-line.get', 'telephony.phone-line.release', 'telephony.phone-line.sharing', 'telephony.phone-messages.get',
  'telephony.phone-messages.delete', 'telephony.phone-messages.list', 'telephony.phone-messages.update',
  'telephony.phone-messages.recording', 'telephony.calls.queue', 'telephony.calls.logs', 'telephony.calls.recording',
  'telephony.calls.deleteLog', 'telephony.scenarios.list', 'telephony.scenarios.create', 'telephony.scenarios.update',
  'telephony.scenarios.delete', 'telephony.sms.draft', 'telephony.contacts.list', 'telephony.contacts.create',
  'telephony.contacts.update', 'telephony.contacts.delete',
  // calendar (Google Calendar, OpenStreetMap's geocoder), mail (Gmail), billing (Stripe)
  'calendar.reminders.list', 'calendar.reminders.create', 'calendar.reminders.update', 'calendar.reminders.delete',
  'calendar.connection.start', 'calendar.connection.callback', 'calendar.connection.status', 'calendar.sync.status',
  'calendar.connection.disconnect', 'calendar.sync.settings', 'calendar.sync.run', 'calendar.sync.deleteEvent',
  'calendar.booking.get', 'calendar.booking.confirm', 'calendar.places.suggest',
  'mail.connection.status', 'mail.connection.authUrl', 'mail.connection.callback', 'mail.connection.disconnect',
  'mail.messages.list', 'mail.messages.unsubscribe', 'mail.messages.trash', 'mail.messages.delete', 'mail.messages.spam',
  'mail.messages.get',
  'billing.plans.list', 'billing.checkout.create', 'billing.portal.create', 'billing.usage.calls',
  // notifications (web push, SMTP, the stored inbox; places near come from calendar's free geocoder)
  'notifications.inbox.list', 'notifications.inbox.markAllRead', 'notifications.preferences.get',
  'notifications.sms-verification.get', 'notifications.sms-verification.verify', 'notifications.smart.location',
  'notifications.inbox.markRead', 'notifications.inbox.delete', 'notifications.location.get', 'notifications.location.set',
  'notifications.location.delete', 'notifications.voice-alerts.get', 'notifications.voice-alerts.update',
  'notifications.push.publicKey', 'notifications.push.subscribe', 'notifications.push.unsubscribe',
  'notifications.push.test', 'notifications.support.contact',
];

describe('quota declarations', () => {
  it('every endpoint that reaches a paid provider declares its quota kind', () => {
    const declared = Object.fromEntries(allEndpoints.filter((e) => e.quota).map((e) => [e.subject, e.quota!.kind]));
    expect(declared).toEqual(PAID);
  });

  it("a user's audio stream names the quotas it is charged as it goes; a provider's stream is bounded by what started it", () => {
    expect(Object.fromEntries(allAudioStreams.map((s) => [s.path, s.quotas]))).toEqual({
      '/webhooks/telephony/media': [], // a call: billing's allowance, reserved when it was placed or answered
      '/api/voice/live': ['chat_messages', 'audio_seconds'], // the Realtime model, per exchange and per second heard
    });
  });

  it('only signed-in callers reach a paid endpoint: a quota is counted per user', () => {
    expect(allEndpoints.filter((e) => e.quota && e.access === 'public').map((e) => e.path)).toEqual([]);
  });

  it('every endpoint is listed as paid, limited elsewhere or free of provider costs (a new one must be classified)', () => {
    const listed = [...Object.keys(PAID), ...Object.keys(LIMITED_ELSEWHERE), ...NO_PAID_PROVIDER];
    expect(listed.length).toBe(new Set(listed).size);
    const unlisted = allEndpoints.map((e) => `${e.method} ${e.path} -> ${e.subject}`).filter((e) => !listed.includes(e.split(' -> ')[1]));
    expect(unlisted).toEqual([]);
    const subjects = new Set(allEndpoints.map((e) => e.subject));
    expect(listed.filter((s) => !subjects.has(s))).toEqual([]);
  });

  it('every kind is counted by some endpoint and has a limit for every plan, enterprise unlimited by default', () => {
    const used = new Set(Object.values(PAID));
    expect(QUOTA_KIND_NAMES.filter((k) => !used.has(k))).toEqual([]);
    for (const kind of QUOTA_KIND_NAMES) {
      const { limits } = QUOTA_KINDS[kind];
      expect(limits.enterprise).toBe('unlimited');
      expect(limits.premium).not.toBe('unlimited');
      expect(limits.premium as number).toBeGreaterThan(limits.free as number);
    }
  });

  it('costs what the provider bills: characters of speech and translation, seconds of audio, one message or request', () => {
    const speak = api.voice.speak.request.parse({ text: '  Hello there  ' });
    expect(quotaCost(api.voice.speak.quota!, speak)).toBe('Hello there'.length);
    expect(quotaCost(api.voice.translate.quota!, api.voice.translate.request.parse({ text: 'Bonjour', toLanguage: 'en' }))).toBe(7);
    // 40,000 bytes of audio (as base64) count as 10 seconds, however the field is named.
    const tenSeconds = Buffer.alloc(40_000, 7).toString('base64');
    expect(quotaCost(api.voice.transcribe.quota!, api.voice.transcribe.request.parse({ audio: tenSeconds }))).toBe(10);
    expect(quotaCost(api.voice.transcribe.quota!, api.voice.transcribe.request.parse({ audioBase64: tenSeconds }))).toBe(10);
    expect(quotaCost(api.voice.identifyMusic.quota!, api.voice.identifyMusic.request.parse({ audio: tenSeconds }))).toBe(10);
    expect(quotaCost(api.chat.send.quota!, api.chat.send.request.parse({ message: 'hi' }))).toBe(1);
    expect(quotaCost(api.chat.webSearch.quota!, api.chat.webSearch.request.parse({ query: 'news' }))).toBe(1);
  });

  it('reads the size of base64 audio, data URL or not, and counts a short clip as at least a second', () => {
    expect(base64Size(Buffer.from('abcd').toString('base64'))).toBe(4);
    expect(base64Size(`data:audio/webm;base64,${Buffer.from('abcde').toString('base64')}`)).toBe(5);
    expect(base64Size(` YWJj\nZGVm\r\nZ2g= `)).toBe(8);
    expect(audioSeconds(Buffer.from('tiny').toString('base64'))).toBe(1);
    expect(audioSeconds(Buffer.alloc(4_001).toString('base64'))).toBe(2);
  });

  it('names one override variable per kind and plan', () => {
    expect(quotaVariable('chat_messages', 'free')).toBe('QUOTA_CHAT_MESSAGES_FREE');
    expect(QUOTA_VARIABLES).toContain('QUOTA_SPEECH_CHARACTERS_ENTERPRISE');
    expect(QUOTA_VARIABLES).toHaveLength(QUOTA_KIND_NAMES.length * 3);
  });
});

describe('quota days', () => {
  it('are New York days, ending at midnight there in winter and in summer', () => {
    expect(quotaDay(new Date('2026-01-15T04:59:00Z'))).toBe('2026-01-14');
    expect(quotaDayEnd(new Date('2026-01-15T04:59:00Z')).toISOString()).toBe('2026-01-15T05:00:00.000Z');
    expect(quotaDayEnd(new Date('2026-07-01T12:00:00Z')).toISOString()).toBe('2026-07-02T04:00:00.000Z');
  });

  it('end at the right moment on the days the clocks change', () => {
    // 8 March 2026: clocks go forward at 2 AM; the next midnight is on daylight time.
    expect(quotaDayEnd(new Date('2026-03-08T06:00:00Z')).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(quotaDayEnd(new Date('2026-03-08T04:30:00Z')).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    // 1 November 2026: clocks go back; the next midnight is on standard time.
    expect(quotaDayEnd(new Date('2026-11-01T12:00:00Z')).toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });

  it('give a Retry-After of the whole seconds left, at least one', () => {
    expect(secondsUntil('2026-01-15T05:00:00.000Z', new Date('2026-01-15T04:58:30.500Z'))).toBe(90);
    expect(secondsUntil('2026-01-15T05:00:00.000Z', new Date('2026-01-15T05:00:00.000Z'))).toBe(1);
  });
});

describe('QuotaExceededError', () => {
  it('is a 429 with the QUOTA_EXCEEDED code and the kind, limit, reset time and upgrade hint', () => {
    const error = new QuotaExceededError('Daily limit reached', { kind: 'chat_messages', limit: 50, resetsAt: '2026-01-15T05:00:00.000Z', requiresUpgrade: true });
    expect(HTTP_STATUS_BY_KIND[error.kind]).toBe(429);
    expect(error.toEnvelope()).toMatchObject({ code: 'QUOTA_EXCEEDED', details: { kind: 'chat_messages', limit: 50, requiresUpgrade: true } });
  });
});
