import { randomBytes } from 'node:crypto';
import { captureLogs, closedPortUrl, createTestEnv, leakedSecrets, type TestEnv } from '@jarvis/testing';
import { type GoogleFake, startGoogleFake } from '@jarvis/testing/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, type RedisConnection } from '../redis/redis-connection';
import { GoogleConnectionKit, type GoogleConnectionKitOptions, GoogleScopesRefusedError } from './google-connection-kit';
import { GoogleConnectionExpiredError } from './google-oauth';
import { OAuthStateError, OAuthStateStore } from './oauth-state';

const SCOPES = ['https://www.googleapis.com/auth/calendar.events', 'email'];
const ENCRYPTION_KEY = randomBytes(32).toString('hex');

describe('the Google connection kit mail and calendar connect accounts with', () => {
  let google: GoogleFake;
  let env: TestEnv;
  let redis: RedisConnection;
  let options: GoogleConnectionKitOptions<{ returnTo: string }>;
  let kit: GoogleConnectionKit<{ returnTo: string }>;

  beforeAll(async () => {
    google = await startGoogleFake();
    env = await createTestEnv('google-connection-kit');
    redis = await connectRedis({ REDIS_URL: env.env.REDIS_URL, REDIS_PREFIX: env.redisPrefix }, 'google-test');
    options = { name: 'Test Calendar', callbackPath: '/api/test/callback', scopes: SCOPES, states: OAuthStateStore.for(redis, 'kit') };
    kit = new GoogleConnectionKit({ ...google.env(), PUBLIC_URL: 'https://jarvis.example', ENCRYPTION_KEY }, options);
  });
  afterAll(async () => {
    await redis?.close();
    await env?.dispose();
    await google?.close();
  });

  /** The user's browser through the consent screen and back, as `email`. */
  async function consent(userId: string, email: string) {
    google.consentAs(email);
    return google.authorize(await kit.consentUrl(userId, { returnTo: '/account' }));
  }

  it('connects: consent for offline access, the flow back once for its own user, the refresh token only sealed', async () => {
    const url = new URL(await kit.consentUrl('user-a', { returnTo: '/account' }));
    expect(url.searchParams.get('redirect_uri')).toBe('https://jarvis.example/api/test/callback');
    expect(url.searchParams.get('access_type')).toBe('offline');
    google.consentAs('kit-a@gmail.com');
    const back = await google.authorize(url.toString());
    await expect(kit.returnedFlow(back.state, 'user-b')).rejects.toBeInstanceOf(OAuthStateError);
    await expect(kit.returnedFlow(back.state, 'user-a')).rejects.toMatchObject({ reason: 'unknown' });

    const again = await consent('user-a', 'kit-a@gmail.com');
    expect(await kit.returnedFlow(again.state, 'user-a')).toEqual({ returnTo: '/account' });
    const connection = await kit.exchange(again.code!);
    expect(connection.scopes).toEqual(SCOPES);
    expect(connection.refreshTokenSealed).toMatch(/^v1\./);
    for (const token of google.issuedTokens()) expect(connection.refreshTokenSealed).not.toContain(token);
    expect(await kit.oauth.userEmail(connection.client)).toBe('kit-a@gmail.com');
    expect(await kit.use(connection.refreshTokenSealed, (client) => kit.oauth.userEmail(client))).toBe('kit-a@gmail.com');
  });

  it('refuses a grant without a required scope and revokes it at Google', async () => {
    const strict = new GoogleConnectionKit({ ...google.env(), PUBLIC_URL: 'https://jarvis.example', ENCRYPTION_KEY }, {
      ...options,
      requiredScopes: [...SCOPES, 'https://www.googleapis.com/auth/calendar.freebusy'],
    });
    google.consentAs('partial@gmail.com');
    const back = await google.authorize(await strict.consentUrl('user-p', { returnTo: '/account' }));
    const revokes = google.calls('POST', '/revoke').length;
    const refusal = await strict.exchange(back.code!).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(GoogleScopesRefusedError);
    expect(refusal).toMatchObject({ missing: ['https://www.googleapis.com/auth/calendar.freebusy'] });
    expect(google.calls('POST', '/revoke')).toHaveLength(revokes + 1);
  });

  it('answers a grant revoked at Google, or a token sealed under another key, as an expired connection', async () => {
    const back = await consent('user-r', 'revoked@gmail.com');
    const connection = await kit.exchange(back.code!);
    google.revokeGrants('revoked@gmail.com');
    google.expireAccessTokens();
    await expect(kit.use(connection.refreshTokenSealed, (client) => kit.oauth.userEmail(client))).rejects.toBeInstanceOf(GoogleConnectionExpiredError);

    const rekeyed = new GoogleConnectionKit({ ...google.env(), PUBLIC_URL: 'https://jarvis.example', ENCRYPTION_KEY: randomBytes(32).toString('hex') }, options);
    const other = await kit.exchange((await consent('user-k', 'rekeyed@gmail.com')).code!);
    await expect(rekeyed.use(other.refreshTokenSealed, async () => 'called')).rejects.toBeInstanceOf(GoogleConnectionExpiredError);
  });

  it('answers 503 naming ENCRYPTION_KEY, then Google’s client, before a flow starts', async () => {
    const fresh = { ...options, states: OAuthStateStore.for<{ returnTo: string }>(redis, 'unconfigured') };
    const noKey = new GoogleConnectionKit({ ...google.env(), PUBLIC_URL: 'https://jarvis.example' }, fresh);
    await expect(noKey.consentUrl('user-x', { returnTo: '/account' })).rejects.toThrow(/Set ENCRYPTION_KEY/);
    const noGoogle = new GoogleConnectionKit(
      { GOOGLE_OAUTH_BASE_URL: google.url, GOOGLE_API_BASE_URL: google.url, PUBLIC_URL: 'https://jarvis.example', ENCRYPTION_KEY },
      fresh,
    );
    await expect(noGoogle.consentUrl('user-x', { returnTo: '/account' })).rejects.toThrow(/Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/);
    expect(await redis.client.keys(`${env.redisPrefix}unconfigured:oauth-state:*`)).toHaveLength(0);
  });

  it('disconnects by revoking at Google, then removing the row', async () => {
    const connection = await kit.exchange((await consent('user-d', 'leaving@gmail.com')).code!);
    const revokes = google.calls('POST', '/revoke').length;
    const removed: string[] = [];
    await kit.disconnect('user-d', connection, async () => removed.push('row'));
    expect(google.calls('POST', '/revoke')).toHaveLength(revokes + 1);
    expect(removed).toEqual(['row']);
    await kit.disconnect('user-d', null, async () => removed.push('nothing stored'));
    expect(removed).toEqual(['row']);
  });

  it('disconnects even when Google cannot revoke the grant, and logs it without a token', async () => {
    const connection = await kit.exchange((await consent('user-u', 'unreachable@gmail.com')).code!);
    const closed = await closedPortUrl();
    const offline = new GoogleConnectionKit(
      { ...google.env(), GOOGLE_OAUTH_BASE_URL: closed, GOOGLE_API_BASE_URL: closed, PUBLIC_URL: 'https://jarvis.example', ENCRYPTION_KEY },
      options,
    );
    const logs = captureLogs();
    const removed: string[] = [];
    try {
      await offline.disconnect('user-u', connection, async () => removed.push('row'));
    } finally {
      logs.stop();
    }
    expect(removed).toEqual(['row']);
    expect(logs.text()).toContain('Test Calendar grant not revoked at Google; the connection is removed anyway');
    expect(logs.text()).toContain('Google is unavailable: it could not be reached');
    const tokens = Object.fromEntries(google.issuedTokens().map((token, i) => [`token${i}`, token]));
    expect(leakedSecrets(logs.text(), tokens)).toEqual([]);
  });
});
