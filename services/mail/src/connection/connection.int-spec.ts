import { api } from '@jarvis/contracts';
import { RedisConnection } from '@jarvis/platform';
import { captureLogs, leakedSecrets } from '@jarvis/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailHarness, startMail } from '../testing/mail-harness';

describe('connecting Gmail', () => {
  let h: MailHarness;

  beforeAll(async () => {
    h = await startMail('mail-connection');
  });
  afterAll(() => h?.close());

  it('asks Google for offline access to Gmail modify and full mail, then connects and says so', async () => {
    const alice = h.newUser();
    expect(await h.call(api.mail.status, {}, alice)).toEqual({ connected: false, email: null });
    const { url } = await h.call(api.mail.authUrl, {}, alice);
    const consent = new URL(url);
    expect(consent.searchParams.get('scope')?.split(' ')).toEqual(['https://www.googleapis.com/auth/gmail.modify', 'https://mail.google.com/']);
    expect(consent.searchParams.get('access_type')).toBe('offline');
    expect(consent.searchParams.get('prompt')).toBe('consent');
    expect(consent.searchParams.get('redirect_uri')).toMatch(/\/api\/email\/auth\/callback$/);

    h.google.consentAs('alice@gmail.com');
    const back = await h.google.authorize(url);
    const { location } = await h.call(api.mail.authCallback, { code: back.code, state: back.state }, alice);
    expect(location).toBe('/emails?mail=connected');
    expect(await h.call(api.mail.status, {}, alice)).toEqual({ connected: true, email: 'alice@gmail.com' });
  });

  it('goes back to the account page when the flow started there', async () => {
    expect(await h.connect(h.newUser(), 'acct@gmail.com', '/account')).toBe('/account?mail=connected');
  });

  it('stores the refresh token encrypted, and no token in Redis or a reply', async () => {
    const user = h.newUser();
    await h.connect(user, 'secret@gmail.com');
    const rows: Record<string, unknown>[] = await h.dataSource.query('SELECT * FROM mail.tokens WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(1);
    expect(String(rows[0].refresh_token_sealed)).toMatch(/^v1\./);
    const stored = JSON.stringify(rows);
    const redis = h.get(RedisConnection).client;
    const keys = await redis.keys(`${h.env.redisPrefix}*`);
    const values = await Promise.all(keys.map((k) => redis.type(k).then((t) => (t === 'string' ? redis.get(k) : ''))));
    const replies = JSON.stringify(await h.call(api.mail.status, {}, user));
    const tokens = h.google.issuedTokens();
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens) {
      expect(stored).not.toContain(token);
      expect(values.join('\n')).not.toContain(token);
      expect(replies).not.toContain(token);
    }
  });

  it('refuses a state used twice: the second callback connects nothing', async () => {
    const user = h.newUser();
    h.google.consentAs('twice@gmail.com');
    const { url } = await h.call(api.mail.authUrl, {}, user);
    const back = await h.google.authorize(url);
    expect((await h.call(api.mail.authCallback, { code: back.code, state: back.state }, user)).location).toBe('/emails?mail=connected');
    const exchanges = h.google.calls('POST', '/token').length;
    const again = await h.google.authorize(url.replace(/state=[^&]+/, `state=${back.state}`));
    expect((await h.call(api.mail.authCallback, { code: again.code, state: back.state }, user)).location).toBe('/emails?mailError=state');
    expect(h.google.calls('POST', '/token')).toHaveLength(exchanges);
  });

  it("refuses another user's state, which then cannot be used by its owner either", async () => {
    const alice = h.newUser();
    const mallory = h.newUser();
    h.google.consentAs('mallory@gmail.com');
    const { url } = await h.call(api.mail.authUrl, {}, alice);
    const back = await h.google.authorize(url);
    expect((await h.call(api.mail.authCallback, { code: back.code, state: back.state }, mallory)).location).toBe('/emails?mailError=state');
    expect(await h.call(api.mail.status, {}, mallory)).toEqual({ connected: false, email: null });
    expect((await h.call(api.mail.authCallback, { code: back.code, state: back.state }, alice)).location).toBe('/emails?mailError=state');
    expect(await h.call(api.mail.status, {}, alice)).toEqual({ connected: false, email: null });
  });

  it('refuses a callback without a state or with a made-up one', async () => {
    const user = h.newUser();
    expect((await h.call(api.mail.authCallback, { code: 'x' }, user)).location).toBe('/emails?mailError=state');
    expect((await h.call(api.mail.authCallback, { code: 'x', state: 'made-up' }, user)).location).toBe('/emails?mailError=state');
  });

  it('says so when the user declines on the consent screen', async () => {
    const user = h.newUser();
    const { url } = await h.call(api.mail.authUrl, { returnTo: '/account' }, user);
    h.google.denyNextConsent();
    const back = await h.google.authorize(url);
    expect(back.error).toBe('access_denied');
    expect((await h.call(api.mail.authCallback, { state: back.state, error: back.error }, user)).location).toBe('/account?mailError=denied');
    expect((await h.call(api.mail.status, {}, user)).connected).toBe(false);
  });

  it('disconnect revokes the grant at Google and forgets it', async () => {
    const user = h.newUser();
    await h.connect(user, 'leaving@gmail.com');
    const revokes = h.google.calls('POST', '/revoke').length;
    expect(await h.call(api.mail.disconnect, {}, user)).toEqual({ success: true });
    expect(h.google.calls('POST', '/revoke')).toHaveLength(revokes + 1);
    expect(await h.call(api.mail.status, {}, user)).toEqual({ connected: false, email: null });
    expect(await h.dataSource.query('SELECT 1 FROM mail.tokens WHERE user_id = $1', [user.id])).toHaveLength(0);
    expect(await h.call(api.mail.disconnect, {}, user)).toEqual({ success: true });
  });
});

describe('disconnecting Gmail while Google cannot revoke the grant', () => {
  let h: MailHarness;

  beforeAll(async () => {
    h = await startMail('mail-disconnect-offline');
  });
  afterAll(() => h?.close());

  it('still disconnects: the connection is deleted here and the failed revocation is logged without a token', async () => {
    const user = h.newUser();
    await h.connect(user, 'offline@gmail.com');
    const tokens = Object.fromEntries(h.google.issuedTokens().map((token, i) => [`token${i}`, token]));
    await h.google.close(); // Google is unreachable from now on
    const logs = captureLogs();
    try {
      expect(await h.call(api.mail.disconnect, {}, user)).toEqual({ success: true });
    } finally {
      logs.stop();
    }
    expect(await h.call(api.mail.status, {}, user)).toEqual({ connected: false, email: null });
    expect(await h.dataSource.query('SELECT 1 FROM mail.tokens WHERE user_id = $1', [user.id])).toHaveLength(0);
    expect(logs.text()).toContain('Gmail grant not revoked at Google; the connection is removed anyway');
    expect(leakedSecrets(logs.text(), tokens)).toEqual([]);
  });
});

describe('connecting Gmail without ENCRYPTION_KEY', () => {
  let h: MailHarness;

  beforeAll(async () => {
    h = await startMail('mail-no-key', { ENCRYPTION_KEY: undefined });
  });
  afterAll(() => h?.close());

  it('answers 503 naming ENCRYPTION_KEY instead of a consent URL', async () => {
    const error = await h.fail(api.mail.authUrl, {}, h.newUser());
    expect(error.kind).toBe('PROVIDER_UNAVAILABLE');
    expect(error.message).toContain('ENCRYPTION_KEY');
  });
});

describe('Gmail without a Google OAuth client', () => {
  let h: MailHarness;

  beforeAll(async () => {
    h = await startMail('mail-no-google', { GOOGLE_CLIENT_ID: undefined, GOOGLE_CLIENT_SECRET: undefined });
  });
  afterAll(() => h?.close());

  it('answers 503 naming GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, and still says it is not connected', async () => {
    const user = h.newUser();
    const error = await h.fail(api.mail.authUrl, {}, user);
    expect(error.kind).toBe('PROVIDER_UNAVAILABLE');
    expect(error.message).toContain('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET');
    expect(await h.call(api.mail.status, {}, user)).toEqual({ connected: false, email: null });
  });
});
