import { describe, expect, it } from 'vitest';
import { api, buildPath, DomainError, endpoint, ErrorKind, HTTP_STATUS_BY_KIND, noInput, PlanRequiredError, ProviderUnavailableError, returns, tierAtLeast } from './index';

describe('endpoint declarations', () => {
  it('caps a deadline at 30 seconds', () => {
    const e = endpoint({ method: 'GET', path: '/api/x', service: 'chat', subject: 'chat.x.get', access: 'user', request: noInput, response: returns<null>(), timeoutMs: 120_000 });
    expect(e.timeoutMs).toBe(30_000);
    expect(e.responseKind).toBe('json');
  });

  it('answers 201 for a POST that creates (a *.create subject, or declared), 200 otherwise', () => {
    expect(api.calendar.createReminder.status).toBe(201);
    expect(api.identity.register.status).toBe(201);
    expect(api.identity.login.status).toBe(200);
    expect(api.calendar.reminders.status).toBe(200);
  });

  it('fills path parameters, encoded, and refuses a missing one', () => {
    expect(buildPath(api.chat.weather.path, { location: 'New York, NY' })).toBe('/api/weather/current/New%20York%2C%20NY');
    expect(() => buildPath(api.calendar.updateReminder.path)).toThrow(/id/);
  });
});

describe('request schemas', () => {
  it('trims a username and lower-cases an optional e-mail at registration', () => {
    expect(api.identity.register.request.parse({ username: '  ada  ', password: 'secret1', email: 'Ada@Example.COM' })).toEqual({ username: 'ada', password: 'secret1', email: 'ada@example.com' });
    expect(api.identity.register.request.parse({ username: 'ada', password: 'secret1', email: '' }).email).toBeNull();
    expect(api.identity.register.request.safeParse({ username: ' ab ', password: 'secret1' }).success).toBe(false);
  });

  it('keeps only the last 10 history messages of a chat request', () => {
    const history = Array.from({ length: 14 }, (_, i) => ({ role: 'user' as const, content: `m${i}` }));
    const parsed = api.chat.send.request.parse({ message: ' hi ', history });
    expect(parsed.message).toBe('hi');
    expect(parsed.history.map((h) => h.content)).toEqual(history.slice(4).map((h) => h.content));
  });

  it('needs a reminder title and either a time text or an ISO time, with the spec texts', () => {
    const noWhen = api.calendar.createReminder.request.safeParse({ title: 'Call mom' });
    expect(noWhen.success).toBe(false);
    expect(noWhen.error?.issues[0].message).toBe('Please specify when you want to be reminded (either natural language or specific date/time).');
    expect(api.calendar.createReminder.request.safeParse({ title: ' ', when: 'tomorrow' }).error?.issues[0].message).toBe('Please provide a title for your reminder.');
    expect(api.calendar.createReminder.request.safeParse({ title: 'x', reminder_time: '2031-01-10T15:00:00.000Z' }).success).toBe(true);
  });

  it('drops blank trigger phrases of a shortcut', () => {
    const parsed = api.chat.createShortcut.request.parse({ name: 'Hours', trigger_phrases: [' opening hours ', '  '], response_template: 'We open at 9.' });
    expect(parsed.trigger_phrases).toEqual(['opening hours']);
    expect(parsed.is_active).toBe(true);
  });

  it("passes a contact's phone number as typed to telephony, which parses it; empty or absurdly long is refused here", () => {
    expect(api.telephony.createContact.request.safeParse({ name: 'Ann', phone_number: '+1 (555) 123-4567' }).success).toBe(true);
    expect(api.telephony.createContact.request.safeParse({ name: 'Ann', phone_number: ' ' }).error?.issues[0].message).toBe('Phone number is required');
    expect(api.telephony.createContact.request.safeParse({ name: 'Ann', phone_number: '1'.repeat(40) }).error?.issues[0].message).toMatch(/country code/);
  });
});

describe('errors', () => {
  it('maps every kind to an HTTP status the design names', () => {
    expect(HTTP_STATUS_BY_KIND[ErrorKind.NotFound]).toBe(404);
    expect(HTTP_STATUS_BY_KIND[ErrorKind.ServiceUnavailable]).toBe(503);
    expect(HTTP_STATUS_BY_KIND[ErrorKind.DeadlineExceeded]).toBe(504);
    expect(HTTP_STATUS_BY_KIND[ErrorKind.PlanRequired]).toBe(402);
  });

  it('round-trips a domain error through its envelope with its details', () => {
    const error = DomainError.fromEnvelope(new PlanRequiredError('Upgrade', 'premium').toEnvelope());
    expect(error).toMatchObject({ kind: 'PLAN_REQUIRED', message: 'Upgrade', details: { requiresUpgrade: true, requiredTier: 'premium' } });
  });

  it('names the variables to set for an unconfigured provider', () => {
    expect(new ProviderUnavailableError('OpenWeatherMap', ['OPENWEATHER_API_KEY']).message).toBe('OpenWeatherMap is not configured. Set OPENWEATHER_API_KEY to enable it.');
  });

  it('orders plans free < premium < enterprise', () => {
    expect(tierAtLeast('enterprise', 'premium')).toBe(true);
    expect(tierAtLeast('free', 'premium')).toBe(false);
  });
});
