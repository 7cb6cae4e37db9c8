import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GoogleFake, startGoogleFake } from './google.fake';

describe('the Google fake', () => {
  let google: GoogleFake;
  let token: string;

  const api = async (method: string, path: string, body?: unknown, bearer = token) => {
    const res = await fetch(`${google.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${bearer}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (res.status === 204 ? null : await res.json()) as any };
  };

  beforeAll(async () => {
    google = await startGoogleFake();
    google.consentAs('cal@gmail.com');
    const redirect = 'http://localhost/cb';
    const back = await google.authorize(
      `${google.url}/o/oauth2/v2/auth?client_id=${google.clientId}&redirect_uri=${encodeURIComponent(redirect)}&scope=${encodeURIComponent('https://www.googleapis.com/auth/calendar.events')}&access_type=offline&state=s1`,
    );
    expect(back.state).toBe('s1');
    const res = await fetch(`${google.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: back.code!, redirect_uri: redirect, client_id: google.clientId, client_secret: google.clientSecret }),
    });
    const tokens = (await res.json()) as { access_token: string; refresh_token: string };
    expect(tokens.refresh_token).toMatch(/^1\/\//);
    token = tokens.access_token;
  });
  afterAll(() => google?.close());

  it('lists events overlapping timeMin..timeMax in start order, without cancelled ones', async () => {
    google.seedEvents('cal@gmail.com', [
      { id: 'late', summary: 'Late', start: '2026-12-02T15:00:00Z', end: '2026-12-02T16:00:00Z' },
      { id: 'early', summary: 'Early', start: '2026-12-01T09:00:00Z', end: '2026-12-01T10:00:00Z' },
      { id: 'gone', summary: 'Gone', start: '2026-12-01T11:00:00Z', end: '2026-12-01T12:00:00Z', status: 'cancelled' },
      { id: 'outside', summary: 'Outside', start: '2027-01-01T09:00:00Z', end: '2027-01-01T10:00:00Z' },
    ]);
    const q = 'timeMin=2026-12-01T00:00:00Z&timeMax=2026-12-08T00:00:00Z&singleEvents=true&orderBy=startTime';
    const list = await api('GET', `/calendar/v3/calendars/primary/events?${q}`);
    expect(list.body.items.map((e: { id: string }) => e.id)).toEqual(['early', 'late']);
    const withDeleted = await api('GET', `/calendar/v3/calendars/primary/events?${q}&showDeleted=true`);
    expect(withDeleted.body.items.map((e: { id: string }) => e.id)).toEqual(['early', 'gone', 'late']);
  });

  it('inserts and patches events, and answers free/busy from them', async () => {
    const created = await api('POST', '/calendar/v3/calendars/primary/events', {
      summary: 'Booked',
      start: { dateTime: '2026-12-03T14:00:00Z' },
      end: { dateTime: '2026-12-03T14:30:00Z' },
      attendees: [{ email: 'visitor@example.com' }],
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ summary: 'Booked', status: 'confirmed', attendees: [{ email: 'visitor@example.com' }] });
    const moved = await api('PATCH', `/calendar/v3/calendars/primary/events/${created.body.id}`, { start: { dateTime: '2026-12-03T15:00:00Z' }, end: { dateTime: '2026-12-03T15:30:00Z' } });
    expect(moved.body.start.dateTime).toBe('2026-12-03T15:00:00.000Z');
    const busy = await api('POST', '/calendar/v3/freeBusy', { timeMin: '2026-12-03T00:00:00Z', timeMax: '2026-12-04T00:00:00Z', items: [{ id: 'primary' }] });
    expect(busy.body.calendars.primary.busy).toEqual([{ start: '2026-12-03T15:00:00.000Z', end: '2026-12-03T15:30:00.000Z' }]);
  });

  it('refuses a token without a calendar scope for Gmail, and a revoked grant everywhere', async () => {
    expect((await api('GET', '/gmail/v1/users/me/profile')).status).toBe(403);
    expect((await api('GET', '/calendar/v3/calendars/primary/events', undefined, 'ya29.unknown')).status).toBe(401);
    google.revokeGrants('cal@gmail.com');
    expect((await api('GET', '/calendar/v3/calendars/primary/events')).status).toBe(401);
  });
});
