import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGateway, uniqueName } from './harness';

let gw: GatewayHarness;

beforeAll(async () => {
  gw = await startGateway('identity', { LOGIN_MAX_FAILURES_PER_USERNAME: '3', LOGIN_MAX_ATTEMPTS_PER_IP: '1000' });
});
afterAll(() => gw?.close());

describe('register', () => {
  it('creates an account, signs it in and GET /api/auth/user returns it', async () => {
    const client = gw.client();
    const username = uniqueName('alice');
    const res = await client.post('/api/register', { username: `  ${username}  `, password: 'secret1', email: 'Alice@Example.com' });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ username, email: 'alice@example.com', termsAccepted: false, onboardingCompleted: false, subscriptionTier: 'free', themeMode: 'light', themeColor: 'blue' });
    expect(res.body.user).not.toHaveProperty('passwordHash');
    const me = await client.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(username);
  });

  it('sets an HttpOnly SameSite=Lax session cookie that is not Secure outside production', async () => {
    const res = await gw.client().post('/api/register', { username: uniqueName(), password: 'secret1' });
    const cookie = res.setCookies.find((c) => c.startsWith('jarvis.sid='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('refuses a taken username (any case) with 409 and an error the login page can show', async () => {
    const username = uniqueName('bob');
    expect((await gw.client().post('/api/register', { username, password: 'secret1' })).status).toBe(201);
    const again = await gw.client().post('/api/register', { username: username.toUpperCase(), password: 'other12' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'Username already taken', code: 'CONFLICT' });
  });

  it('answers 400 with field errors for a short username or password, and creates nothing', async () => {
    const client = gw.client();
    const res = await client.post('/api/register', { username: ' ab ', password: '123' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
    expect(res.body.fields.username[0]).toMatch(/at least 3/);
    expect(res.body.fields.password[0]).toMatch(/at least 6/);
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await gw.client().request('POST', '/api/register', '{not json', { 'Content-Type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
  });
});

describe('login and logout', () => {
  it('signs in with the right password, in a new session id, and logout ends the session', async () => {
    const username = uniqueName('carol');
    const first = gw.client();
    await first.post('/api/register', { username, password: 'secret1' });

    const client = gw.client();
    await client.get('/api/auth/user');
    await client.post('/api/login', { username, password: 'wrong-one' });
    const before = client.sessionCookie();
    const res = await client.post('/api/login', { username: username.toUpperCase(), password: 'secret1' });
    expect(res.status).toBe(200);
    expect(client.sessionCookie()).toBeDefined();
    expect(client.sessionCookie()).not.toBe(before);
    expect(res.body.user.username).toBe(username);
    expect((await client.get('/api/auth/user')).status).toBe(200);

    expect((await client.post('/api/logout')).status).toBe(200);
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  it('answers 401 Invalid username or password for a wrong password and for an unknown user', async () => {
    const username = uniqueName('dave');
    await gw.client().post('/api/register', { username, password: 'secret1' });
    const wrong = await gw.client().post('/api/login', { username, password: 'nope123' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('Invalid username or password');
    const unknown = await gw.client().post('/api/login', { username: uniqueName('ghost'), password: 'secret1' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toBe('Invalid username or password');
  });

  it('rate-limits repeated failures for a username with 429 and Retry-After, even with the right password', async () => {
    const username = uniqueName('erin');
    await gw.client().post('/api/register', { username, password: 'secret1' });
    for (let i = 0; i < 3; i++) expect((await gw.client().post('/api/login', { username, password: 'wrong12' })).status).toBe(401);
    const blocked = await gw.client().post('/api/login', { username, password: 'secret1' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.code).toBe('RATE_LIMITED');
  });

  it('answers 400 Missing Fields text when a field is empty', async () => {
    const res = await gw.client().post('/api/login', { username: '', password: '' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Please enter both username and password');
  });
});

describe('quick access', () => {
  it('creates a password-less account, then signs into the same one', async () => {
    const username = uniqueName('quick');
    const first = await gw.client().post('/api/auth/username', { username });
    expect(first.status).toBe(200);
    const client = gw.client();
    const second = await client.post('/api/auth/username', { username: ` ${username} ` });
    expect(second.status).toBe(200);
    expect(second.body.user.id).toBe(first.body.user.id);
    expect(second.body.user.hasPassword).toBe(false);
    expect((await client.get('/api/auth/user')).body.id).toBe(first.body.user.id);
  });

  it('never signs into an account that has a password (401)', async () => {
    const username = uniqueName('guarded');
    await gw.client().post('/api/register', { username, password: 'secret1' });
    const client = gw.client();
    const res = await client.post('/api/auth/username', { username });
    expect(res.status).toBe(401);
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  it('needs at least 2 characters after trimming', async () => {
    const res = await gw.client().post('/api/auth/username', { username: ' a ' });
    expect(res.status).toBe(400);
    expect(res.body.fields.username[0]).toMatch(/at least 2/);
  });

  it('a password login into a quick-access account is refused', async () => {
    const username = uniqueName('nopass');
    await gw.client().post('/api/auth/username', { username });
    expect((await gw.client().post('/api/login', { username, password: 'anything' })).status).toBe(401);
  });
});

describe('the signed-in user', () => {
  it('accepts terms recording the e-mail, completes and resets onboarding, saves theme and profile', async () => {
    const client = gw.client();
    await client.post('/api/register', { username: uniqueName('fay'), password: 'secret1', email: 'fay@example.com' });
    const terms = await client.post('/api/auth/accept-terms');
    expect(terms.body).toMatchObject({ termsAccepted: true, termsAcceptedEmail: 'fay@example.com' });
    expect((await client.post('/api/auth/onboarding/complete')).body.onboardingCompleted).toBe(true);
    expect((await client.post('/api/auth/onboarding/reset')).body.onboardingCompleted).toBe(false);
    expect((await client.post('/api/auth/theme', { mode: 'dark' })).body).toMatchObject({ themeMode: 'dark', themeColor: 'blue' });
    expect((await client.post('/api/auth/theme', { color: 'rose' })).body).toMatchObject({ themeMode: 'dark', themeColor: 'rose' });
    expect((await client.post('/api/auth/theme', { color: 'orange' })).status).toBe(400);
    const profile = await client.put('/api/user/profile', { firstName: 'Fay', lastName: 'Lee' });
    expect(profile.body).toMatchObject({ firstName: 'Fay', lastName: 'Lee' });
    expect((await client.get('/api/user')).body).toMatchObject({ firstName: 'Fay', themeColor: 'rose', termsAccepted: true });
  });

  it('refuses a profile username that another user has', async () => {
    const taken = uniqueName('taken');
    await gw.client().post('/api/register', { username: taken, password: 'secret1' });
    const client = gw.client();
    await client.post('/api/register', { username: uniqueName('gil'), password: 'secret1' });
    const res = await client.put('/api/user/profile', { username: taken });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Username already taken');
  });

  it('answers 401 on every signed-in endpoint without a session', async () => {
    const client = gw.client();
    for (const [method, path] of [['GET', '/api/auth/user'], ['GET', '/api/user'], ['POST', '/api/auth/accept-terms'], ['POST', '/api/auth/theme'], ['PUT', '/api/user/profile']]) {
      const res = await client.request(method, path, method === 'GET' ? undefined : {});
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.code).toBe('UNAUTHENTICATED');
    }
  });
});

describe('CSRF defence', () => {
  it('refuses a state-changing /api request without X-Requested-With with 403', async () => {
    const res = await gw.client({ ajaxHeader: false }).post('/api/register', { username: uniqueName(), password: 'secret1' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('CSRF');
  });

  it('lets GET requests through without the header', async () => {
    const res = await gw.client({ ajaxHeader: false }).get('/api/auth/user');
    expect(res.status).toBe(401);
  });
});

describe('Google sign-in', () => {
  it('says clearly what to configure when GOOGLE_CLIENT_ID is not set', async () => {
    const res = await gw.client().get('/api/auth/google');
    expect(res.status).toBe(503);
    expect(res.body.error).toMatch(/GOOGLE_CLIENT_ID/);
  });
});
