import { createTestEnv, type TestEnv } from '@jarvis/testing';
import { type GoogleFake, startGoogleFake } from '@jarvis/testing/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, type RedisConnection } from '../redis/redis-connection';
import { GoogleApiError, GoogleConnectionExpiredError, GoogleOAuth, googleApiRootUrl, googleEndpoints } from './google-oauth';
import { OAuthStateError, OAuthStateStore } from './oauth-state';

const SCOPES = ['https://www.googleapis.com/auth/gmail.modify', 'email'];

describe('Google OAuth kit against the loopback fake', () => {
  let google: GoogleFake;
  let oauth: GoogleOAuth;
  let env: TestEnv;
  let redis: RedisConnection;

  beforeAll(async () => {
    google = await startGoogleFake();
    oauth = new GoogleOAuth({ ...google.env(), PUBLIC_URL: 'http://localhost:3000' }, '/api/email/auth/callback');
    env = await createTestEnv('google-kit');
    redis = await connectRedis({ REDIS_URL: env.env.REDIS_URL, REDIS_PREFIX: env.redisPrefix }, 'google-test');
  });
  afterAll(async () => {
    await redis.close();
    await env.dispose();
    await google.close();
  });

  it('points at Google itself by default and at a compatible server otherwise', () => {
    const real = googleEndpoints({ GOOGLE_OAUTH_BASE_URL: 'https://accounts.google.com', GOOGLE_API_BASE_URL: 'https://www.googleapis.com' });
    expect(real).toEqual({
      authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      revokeUrl: 'https://oauth2.googleapis.com/revoke',
      userInfoUrl: 'https://www.googleapis.com/oauth2/v3/userinfo',
    });
    expect(googleApiRootUrl({ GOOGLE_API_BASE_URL: 'https://www.googleapis.com' })).toBeUndefined();
    expect(oauth.endpoints.tokenUrl).toBe(`${google.url}/token`);
    expect(googleApiRootUrl({ GOOGLE_API_BASE_URL: google.url })).toBe(`${google.url}/`);
  });

  it('answers 503 naming GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET when unconfigured', () => {
    const unconfigured = new GoogleOAuth({ GOOGLE_OAUTH_BASE_URL: google.url, GOOGLE_API_BASE_URL: google.url, PUBLIC_URL: 'http://localhost:3000' }, '/cb');
    expect(() => unconfigured.authorizationUrl(SCOPES, 'state')).toThrow(/Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/);
  });

  it('asks for offline access with consent, exchanges the code, refreshes an access token Google refuses', async () => {
    google.consentAs('kit@gmail.com');
    const url = new URL(oauth.authorizationUrl(SCOPES, 'the-state'));
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('prompt')).toBe('consent');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/email/auth/callback');
    const back = await google.authorize(url.toString());
    expect(back.state).toBe('the-state');
    const grant = await oauth.exchangeCode(back.code!);
    expect(grant.scopes).toEqual(SCOPES);

    const client = oauth.clientFor('conn-1', grant.refreshToken, grant);
    expect(await oauth.userEmail(client)).toBe('kit@gmail.com');
    expect(google.calls('POST', '/token')).toHaveLength(1);

    google.expireAccessTokens();
    expect(await oauth.userEmail(oauth.clientFor('conn-1', grant.refreshToken))).toBe('kit@gmail.com');
    const refreshes = google.calls('POST', '/token').filter((r) => String(r.body).includes('grant_type=refresh_token'));
    expect(refreshes).toHaveLength(1);
  });

  it('turns a revoked grant into GoogleConnectionExpiredError, and revoke() revokes it at Google', async () => {
    google.consentAs('revoked@gmail.com');
    const back = await google.authorize(oauth.authorizationUrl(SCOPES, 's'));
    const grant = await oauth.exchangeCode(back.code!);
    await oauth.revoke(grant.refreshToken);
    expect(google.calls('POST', '/revoke')).toHaveLength(1);
    await expect(oauth.userEmail(oauth.clientFor('conn-2', grant.refreshToken))).rejects.toBeInstanceOf(GoogleConnectionExpiredError);
    await expect(oauth.revoke(grant.refreshToken)).resolves.toBeUndefined();
  });

  it('refuses a code used twice', async () => {
    const back = await google.authorize(oauth.authorizationUrl(SCOPES, 's'));
    await oauth.exchangeCode(back.code!);
    await expect(oauth.exchangeCode(back.code!)).rejects.toBeInstanceOf(GoogleConnectionExpiredError);
  });

  it('keeps an OAuth state once, for its own user, for a limited time', async () => {
    const states = OAuthStateStore.for<{ returnTo: string }>(redis, 'kit');
    const state = await states.create('user-a', { returnTo: '/account' });
    const stored = await redis.client.keys(`${env.redisPrefix}kit:oauth-state:*`);
    expect(stored).toHaveLength(1);
    expect(await redis.client.ttl(stored[0])).toBeGreaterThan(590);
    expect(await states.consume(state, 'user-a')).toEqual({ returnTo: '/account' });
    await expect(states.consume(state, 'user-a')).rejects.toMatchObject({ reason: 'unknown' });

    const other = await states.create('user-a', { returnTo: '/emails' });
    await expect(states.consume(other, 'user-b')).rejects.toMatchObject({ reason: 'other-user' });
    await expect(states.consume(other, 'user-a')).rejects.toBeInstanceOf(OAuthStateError);

    const short = OAuthStateStore.for<object>(redis, 'kit', 1);
    const old = await short.create('user-a', {});
    await new Promise((r) => setTimeout(r, 1_100));
    await expect(short.consume(old, 'user-a')).rejects.toMatchObject({ reason: 'unknown' });
    await expect(states.consume(undefined, 'user-a')).rejects.toMatchObject({ reason: 'missing' });
  });

  it('reports a status Google answers as GoogleApiError without a token in the message', async () => {
    const back = await google.authorize(oauth.authorizationUrl(SCOPES, 's'));
    const grant = await oauth.exchangeCode(back.code!);
    const client = oauth.clientFor('conn-3', grant.refreshToken, grant);
    const error = await client.request({ url: `${google.url}/gmail/v1/users/me/messages/abc123` }).catch((e: unknown) => e);
    const { toGoogleError } = await import('./google-oauth');
    const mapped = toGoogleError(error);
    expect(mapped).toBeInstanceOf(GoogleApiError);
    expect(mapped).toMatchObject({ status: 404, reason: 'notFound' });
    expect(mapped.message).not.toContain(grant.accessToken);
  });
});
