import { api } from '@jarvis/contracts';
import { captureLogs, leakedSecrets } from '@jarvis/testing';
import { type GoogleFake, startGoogleFake } from '@jarvis/testing/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarHarness, connectCalendar, startCalendar, TEST_ENCRYPTION_KEY } from '../testing/calendar-harness';

let fake: GoogleFake;
let h: CalendarHarness;
let emails = 0;
const nextEmail = () => `calendar-user-${++emails}@gmail.com`;

beforeAll(async () => {
  fake = await startGoogleFake();
  h = await startCalendar('calconnect', { ...fake.env(), ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, PUBLIC_URL: 'https://jarvis.example' });
});
afterAll(async () => {
  await h?.close();
  await fake?.close();
});

describe('connecting Google Calendar', () => {
  it('sends the popup to Google for offline access to calendar events and free/busy only', async () => {
    const { location } = await h.call(api.calendar.connect, {}, h.newUser());
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/o/oauth2/v2/auth`);
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('redirect_uri')).toBe('https://jarvis.example/api/calendar/oauth/callback');
    expect(url.searchParams.get('scope')!.split(' ').sort()).toEqual(
      ['email', 'https://www.googleapis.com/auth/calendar.events', 'https://www.googleapis.com/auth/calendar.freebusy'].sort(),
    );
    expect(url.searchParams.get('state')!.length).toBeGreaterThanOrEqual(20);
  });

  it('connects through the callback page, shows the address, and stores no token in clear', async () => {
    const alice = h.newUser();
    const email = nextEmail();
    expect(await h.call(api.calendar.connectionStatus, {}, alice)).toEqual({ connected: false, email: null });
    const page = await connectCalendar(h, fake, alice, email);
    expect(page).toContain('Google Calendar connected');
    expect(page).toContain('<script src="/connect-popup.js" data-connected="true"');
    expect(page).not.toMatch(/<script>|onclick=/);
    expect(await h.call(api.calendar.connectionStatus, {}, alice)).toEqual({ connected: true, email });

    const [row] = await h.dataSource.query('SELECT * FROM calendar.calendar_connections WHERE user_id = $1', [alice.id]);
    const stored = JSON.stringify(row);
    expect(row.refresh_token_sealed).toMatch(/^v1\./);
    for (const token of fake.issuedTokens()) expect(stored).not.toContain(token);
  });

  it("refuses a used state and another user's state", async () => {
    const [alice, bob] = [h.newUser(), h.newUser()];
    fake.consentAs(nextEmail());
    const { location } = await h.call(api.calendar.connect, {}, alice);
    const back = await fake.authorize(location);

    // Bob's browser cannot finish Alice's flow (and the state is spent by trying).
    expect(await h.fail(api.calendar.oauthCallback, { code: back.code, state: back.state }, bob)).toMatchObject({
      kind: 'VALIDATION',
      code: 'OAUTH_STATE_INVALID',
    });
    expect(await h.fail(api.calendar.oauthCallback, { code: back.code, state: back.state }, alice)).toMatchObject({ code: 'OAUTH_STATE_INVALID' });
    expect(await h.fail(api.calendar.oauthCallback, { code: back.code }, alice)).toMatchObject({ code: 'OAUTH_STATE_INVALID' });
    expect((await h.call(api.calendar.connectionStatus, {}, bob)).connected).toBe(false);
    expect((await h.call(api.calendar.connectionStatus, {}, alice)).connected).toBe(false);

    // A state is good once: the first callback connects, the replay is refused.
    fake.consentAs(nextEmail());
    const again = await fake.authorize((await h.call(api.calendar.connect, {}, alice)).location);
    await h.call(api.calendar.oauthCallback, { code: again.code, state: again.state }, alice);
    expect(await h.fail(api.calendar.oauthCallback, { code: again.code, state: again.state }, alice)).toMatchObject({ code: 'OAUTH_STATE_INVALID' });
  });

  it('stays disconnected when the user denies access on the consent screen', async () => {
    const carol = h.newUser();
    fake.denyNextConsent();
    const back = await fake.authorize((await h.call(api.calendar.connect, {}, carol)).location);
    expect(back.error).toBe('access_denied');
    const page = await h.call(api.calendar.oauthCallback, { error: back.error, state: back.state }, carol);
    expect(Buffer.from(page.base64, 'base64').toString()).toContain('Google Calendar not connected');
    expect((await h.call(api.calendar.connectionStatus, {}, carol)).connected).toBe(false);
  });

  it('disconnect revokes the grant at Google and deletes the tokens', async () => {
    const dave = h.newUser();
    const email = nextEmail();
    await connectCalendar(h, fake, dave, email);
    const revokes = fake.calls('POST', '/revoke').length;
    expect(await h.call(api.calendar.disconnect, {}, dave)).toEqual({ success: true });
    expect(fake.calls('POST', '/revoke').length).toBe(revokes + 1);
    expect(await h.call(api.calendar.connectionStatus, {}, dave)).toEqual({ connected: false, email: null });
    expect(await h.dataSource.query('SELECT 1 FROM calendar.calendar_connections WHERE user_id = $1', [dave.id])).toHaveLength(0);
  });

  it("never shows one user's connection to another", async () => {
    const [erin, frank] = [h.newUser(), h.newUser()];
    await connectCalendar(h, fake, erin, nextEmail());
    expect(await h.call(api.calendar.connectionStatus, {}, frank)).toEqual({ connected: false, email: null });
    await h.call(api.calendar.disconnect, {}, frank);
    expect((await h.call(api.calendar.connectionStatus, {}, erin)).connected).toBe(true);
  });

  it('refuses a call without a user', async () => {
    expect(await h.failUnchecked(api.calendar.connect, {}, null)).toMatchObject({ kind: 'UNAUTHENTICATED' });
  });
});

describe('disconnecting while Google cannot revoke the grant', () => {
  it('still disconnects: the tokens are deleted here and the failed revocation is logged without a token', async () => {
    const google = await startGoogleFake();
    const offline = await startCalendar('calconnect-offline', { ...google.env(), ENCRYPTION_KEY: TEST_ENCRYPTION_KEY });
    try {
      const user = offline.newUser();
      await connectCalendar(offline, google, user, nextEmail());
      const tokens = Object.fromEntries(google.issuedTokens().map((token, i) => [`token${i}`, token]));
      await google.close(); // Google is unreachable from now on
      const logs = captureLogs();
      try {
        expect(await offline.call(api.calendar.disconnect, {}, user)).toEqual({ success: true });
      } finally {
        logs.stop();
      }
      expect(await offline.call(api.calendar.connectionStatus, {}, user)).toEqual({ connected: false, email: null });
      expect(await offline.dataSource.query('SELECT 1 FROM calendar.calendar_connections WHERE user_id = $1', [user.id])).toHaveLength(0);
      expect(logs.text()).toContain('Google Calendar grant not revoked at Google; the connection is removed anyway');
      expect(leakedSecrets(logs.text(), tokens)).toEqual([]);
    } finally {
      await offline.close();
      await google.close();
    }
  });
});

describe('without configuration', () => {
  it('answers 503 naming ENCRYPTION_KEY, then GOOGLE_CLIENT_ID, when they are unset', async () => {
    const bare = await startCalendar('calconnect-bare', { ...fake.env(), ENCRYPTION_KEY: undefined });
    try {
      const failure = await bare.fail(api.calendar.connect, {}, bare.newUser());
      expect(failure).toMatchObject({ kind: 'PROVIDER_UNAVAILABLE' });
      expect(failure.message).toContain('ENCRYPTION_KEY');
    } finally {
      await bare.close();
    }
    const noGoogle = await startCalendar('calconnect-nogoogle', { ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, GOOGLE_CLIENT_ID: undefined, GOOGLE_CLIENT_SECRET: undefined });
    try {
      const failure = await noGoogle.fail(api.calendar.connect, {}, noGoogle.newUser());
      expect(failure).toMatchObject({ kind: 'PROVIDER_UNAVAILABLE' });
      expect(failure.message).toContain('GOOGLE_CLIENT_ID');
    } finally {
      await noGoogle.close();
    }
  });
});
