import { createHash } from 'node:crypto';
import { QUICK_ACCESS_FAILED } from '@jarvis/contracts';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceSecretsRepository } from './device-secrets.repository';
import { LoginRateLimiter, SignupRateLimiter } from './login-rate-limiter';
import { PasswordHasher } from './password-hasher';
import { UsersRepository } from './users.repository';
import { type GatewayHarness, startGateway, uniqueName } from '../testing/harness';

let gw: GatewayHarness;

beforeAll(async () => {
  // The pair lockout keeps its default (5); the per-IP one is tried in sign-in-limits.int-spec.ts.
  gw = await startGateway('identity', { LOGIN_MAX_FAILURES_PER_IP: '1000' });
});
afterAll(() => gw?.close());

let address = 0;
/** A browser at an address of its own (the gateway trusts X-Forwarded-For from loopback, as behind a proxy). */
function browserAt(ip = `198.51.100.${(address = (address % 250) + 1)}`) {
  return gw.client({ headers: { 'X-Forwarded-For': ip } });
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Records which look-ups and counters the gateway's identity code runs, in order, until `restore()`. */
function recordWork() {
  const calls: string[] = [];
  const targets = {
    users: [gw.app.get(UsersRepository), ['findByUsername', 'findById', 'create', 'update']],
    devices: [gw.app.get(DeviceSecretsRepository), ['isLinked', 'isKnown', 'link']],
    limiter: [gw.app.get(LoginRateLimiter), ['assertAllowed', 'onFailure', 'onSuccess']],
    signups: [gw.app.get(SignupRateLimiter), ['consume']],
    hasher: [gw.app.get(PasswordHasher), ['hash', 'verify']],
  } as const;
  const restores: (() => void)[] = [];
  for (const [name, [instance, methods]] of Object.entries(targets)) {
    for (const method of methods) {
      const target = instance as unknown as Record<string, (...args: unknown[]) => unknown>;
      const original = target[method];
      target[method] = function (this: unknown, ...args: unknown[]) {
        calls.push(`${name}.${method}`);
        return original.apply(this, args);
      };
      restores.push(() => (target[method] = original));
    }
  }
  return { calls, restore: () => restores.forEach((restore) => restore()) };
}

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

  it('after 5 failures for a username from one IP, that pair waits (429 Retry-After), even with the right password', async () => {
    const username = uniqueName('erin');
    await browserAt().post('/api/register', { username, password: 'secret1' });
    const ip = '203.0.113.10';
    for (let i = 0; i < 5; i++) expect((await browserAt(ip).post('/api/login', { username, password: 'wrong12' })).status).toBe(401);
    const blocked = await browserAt(ip).post('/api/login', { username, password: 'secret1' });
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
  it('creates a password-less account and binds it to the browser with an HttpOnly jarvis_device cookie', async () => {
    const client = browserAt();
    const res = await client.post('/api/auth/username', { username: uniqueName('quick') });
    expect(res.status).toBe(200);
    expect(res.body.user.hasPassword).toBe(false);
    const cookie = res.setCookies.find((c) => c.startsWith('jarvis_device='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=34560000/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i); // PUBLIC_URL is http here; device-secrets.spec.ts has it Secure under https
    const secret = client.cookie('jarvis_device')!;
    expect(Buffer.from(secret, 'base64url').length).toBeGreaterThanOrEqual(16);

    // Stored only as its SHA-256.
    const rows: { secret_hash: string }[] = await gw.app
      .get(DataSource)
      .query(`SELECT secret_hash FROM identity.device_secrets WHERE user_id = $1`, [res.body.user.id]);
    expect(rows).toEqual([{ secret_hash: sha256(secret) }]);
  });

  it('signs the same browser into the same account again after logout', async () => {
    const username = uniqueName('quick');
    const client = browserAt();
    const first = await client.post('/api/auth/username', { username });
    const secret = client.cookie('jarvis_device');
    await client.post('/api/logout');
    expect((await client.get('/api/auth/user')).status).toBe(401);

    const second = await client.post('/api/auth/username', { username: ` ${username.toUpperCase()} ` });
    expect(second.status).toBe(200);
    expect(second.body.user.id).toBe(first.body.user.id);
    expect(client.cookie('jarvis_device')).toBe(secret);
    expect((await client.get('/api/auth/user')).body.id).toBe(first.body.user.id);
  });

  it('refuses the name from any other browser with 401 and the spec text, and gives it no session', async () => {
    const username = uniqueName('victim');
    await browserAt().post('/api/auth/username', { username });

    const attacker = browserAt();
    const res = await attacker.post('/api/auth/username', { username });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: QUICK_ACCESS_FAILED, code: 'UNAUTHENTICATED' });
    expect(QUICK_ACCESS_FAILED).toBe('Please check your username and try again');
    expect((await attacker.get('/api/auth/user')).status).toBe(401);
  });

  it('one browser keeps one secret for several quick-access accounts', async () => {
    const client = browserAt();
    const [a, b] = [uniqueName('qa'), uniqueName('qb')];
    const first = await client.post('/api/auth/username', { username: a });
    const secret = client.cookie('jarvis_device');
    await client.post('/api/logout');
    await client.post('/api/auth/username', { username: b });
    expect(client.cookie('jarvis_device')).toBe(secret);
    await client.post('/api/logout');
    const again = await client.post('/api/auth/username', { username: a });
    expect(again.status).toBe(200);
    expect(again.body.user.id).toBe(first.body.user.id);
  });

  it('replaces a device cookie no account knows (planted by a page), so nobody chooses a victim\'s secret', async () => {
    const planted = 'A'.repeat(43);
    const victim = browserAt();
    victim.setCookie('jarvis_device', planted);
    const username = uniqueName('planted');
    expect((await victim.post('/api/auth/username', { username })).status).toBe(200);
    expect(victim.cookie('jarvis_device')).not.toBe(planted);

    const attacker = browserAt();
    attacker.setCookie('jarvis_device', planted);
    expect((await attacker.post('/api/auth/username', { username })).status).toBe(401);
  });

  it('answers the same 401 for an account with a password, a Google account and another browser\'s name, with or without that account\'s secret', async () => {
    // A password account, asked from the very browser that registered it (it holds the account's device secret).
    const withPassword = uniqueName('pw');
    const owner = browserAt();
    await owner.post('/api/register', { username: withPassword, password: 'secret1' });
    await owner.post('/api/logout');
    // A Google account that later set a username, and a browser holding its device secret.
    const googleName = uniqueName('goo');
    const googleUser = await gw.app.get(UsersRepository).create({ googleId: `g-${googleName}`, username: googleName });
    const googleBrowser = browserAt();
    googleBrowser.setCookie('jarvis_device', 'G'.repeat(43));
    await gw.app.get(DeviceSecretsRepository).link(sha256('G'.repeat(43)), googleUser.id);
    // A quick-access account of another browser.
    const quickName = uniqueName('other');
    await browserAt().post('/api/auth/username', { username: quickName });

    const answers = [
      await owner.post('/api/auth/username', { username: withPassword }),
      await browserAt().post('/api/auth/username', { username: withPassword }),
      await googleBrowser.post('/api/auth/username', { username: googleName }),
      await browserAt().post('/api/auth/username', { username: googleName }),
      await browserAt().post('/api/auth/username', { username: quickName }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.text).toBe(answers[0].text);
      expect(answer.text).not.toMatch(/PASSWORD_REQUIRED|password/i);
      // No session and no device secret is handed out (a stale session cookie may be cleared).
      expect(answer.setCookies.filter((c) => /^(jarvis\.sid|jarvis_device)=[^;]/.test(c))).toEqual([]);
    }
  });

  it('answers every refusal after the same work and in about the same time, whatever the account behind the name', async () => {
    const quickName = uniqueName('tq');
    await browserAt().post('/api/auth/username', { username: quickName });
    const passwordName = uniqueName('tp');
    await browserAt().post('/api/register', { username: passwordName, password: 'secret1' });
    const googleName = uniqueName('tg');
    await gw.app.get(UsersRepository).create({ googleId: `g-${googleName}`, username: googleName });
    const kinds = [['quick', quickName], ['password', passwordName], ['google', googleName]] as const;

    // The same look-ups and counting, in the same order, for every kind of refusal (no early exit).
    const work = recordWork();
    const traces: Record<string, string[]> = {};
    try {
      for (const [kind, username] of kinds) {
        work.calls.length = 0;
        expect((await browserAt().post('/api/auth/username', { username })).status).toBe(401);
        traces[kind] = [...work.calls];
      }
    } finally {
      work.restore();
    }
    expect(traces.quick).toEqual(['users.findByUsername', 'devices.isLinked', 'limiter.assertAllowed', 'limiter.onFailure']);
    expect(traces.password).toEqual(traces.quick);
    expect(traces.google).toEqual(traces.quick);

    // And in about the same time: the spread of the medians stays well under the cost of one password check.
    const times: Record<string, number[]> = { quick: [], password: [], google: [], hashCheck: [] };
    const timed = async (kind: string, send: () => Promise<{ status: number }>) => {
      const started = performance.now();
      expect((await send()).status).toBe(401);
      times[kind].push(performance.now() - started);
    };
    for (let round = 0; round < 12; round++) {
      for (const [kind, username] of kinds) await timed(kind, () => browserAt().post('/api/auth/username', { username }));
      await timed('hashCheck', () => browserAt().post('/api/login', { username: passwordName, password: 'wrong-one' }));
    }
    const median = (t: number[]) => [...t].sort((a, b) => a - b)[Math.floor(t.length / 2)];
    const refusals = kinds.map(([kind]) => median(times[kind]));
    const hashCost = median(times.hashCheck) - Math.min(...refusals);
    expect(Math.max(...refusals) - Math.min(...refusals)).toBeLessThan(hashCost / 2);
  });

  it('needs at least 2 characters after trimming', async () => {
    const res = await gw.client().post('/api/auth/username', { username: ' a ' });
    expect(res.status).toBe(400);
    expect(res.body.fields.username[0]).toMatch(/at least 2/);
  });

  it('a password login into a quick-access account is refused', async () => {
    const username = uniqueName('nopass');
    await browserAt().post('/api/auth/username', { username });
    expect((await browserAt().post('/api/login', { username, password: 'anything' })).status).toBe(401);
  });
});

describe('a password for the account', () => {
  it('a quick-access account sets one with {newPassword}, then signs in anywhere with username and password', async () => {
    const username = uniqueName('protect');
    const client = browserAt();
    await client.post('/api/auth/username', { username });
    const set = await client.post('/api/auth/password', { newPassword: 'long-secret' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ username, hasPassword: true });
    expect((await client.get('/api/auth/user')).status).toBe(200);

    const elsewhere = browserAt();
    const login = await elsewhere.post('/api/login', { username, password: 'long-secret' });
    expect(login.status).toBe(200);
    expect(login.setCookies.some((c) => c.startsWith('jarvis_device='))).toBe(true);
    // Quick access no longer opens it, not even from its own browser.
    await client.post('/api/logout');
    expect((await client.post('/api/auth/username', { username })).status).toBe(401);
  });

  it('changing a password needs the current one; a wrong one is 400 with a clear message', async () => {
    const username = uniqueName('change');
    const client = browserAt();
    await client.post('/api/register', { username, password: 'secret1' });

    const missing = await client.post('/api/auth/password', { newPassword: 'secret2' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'Please enter your current password', fields: { currentPassword: ['Please enter your current password'] } });
    const wrong = await client.post('/api/auth/password', { currentPassword: 'nope123', newPassword: 'secret2' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Current password is incorrect');

    expect((await client.post('/api/auth/password', { currentPassword: 'secret1', newPassword: 'secret2' })).status).toBe(200);
    expect((await browserAt().post('/api/login', { username, password: 'secret1' })).status).toBe(401);
    expect((await browserAt().post('/api/login', { username, password: 'secret2' })).status).toBe(200);
  });

  it('keeps the register rules for the new password', async () => {
    const client = browserAt();
    await client.post('/api/auth/username', { username: uniqueName('rules') });
    const short = await client.post('/api/auth/password', { newPassword: '12345' });
    expect(short.status).toBe(400);
    expect(short.body.fields.newPassword[0]).toBe('New password must be at least 6 characters long');
    expect((await client.post('/api/auth/password', { newPassword: 'x'.repeat(257) })).status).toBe(400);
    expect((await client.get('/api/auth/user')).body.hasPassword).toBe(false);
  });

  it('ends every other session of the account and keeps the current one', async () => {
    const username = uniqueName('sessions');
    const current = browserAt();
    await current.post('/api/register', { username, password: 'secret1' });
    const other = browserAt();
    await other.post('/api/login', { username, password: 'secret1' });
    expect((await other.get('/api/auth/user')).status).toBe(200);
    const stranger = browserAt();
    await stranger.post('/api/auth/username', { username: uniqueName('stranger') });

    expect((await current.post('/api/auth/password', { currentPassword: 'secret1', newPassword: 'secret2' })).status).toBe(200);
    expect((await current.get('/api/auth/user')).status).toBe(200);
    expect((await other.get('/api/auth/user')).status).toBe(401);
    expect((await stranger.get('/api/auth/user')).status).toBe(200);
  });
});

describe('sign-in lockout cannot be aimed at someone', () => {
  it('five wrong passwords from another network do not lock the owner out', async () => {
    const username = uniqueName('target');
    await browserAt('192.0.2.1').post('/api/register', { username, password: 'secret1' });

    for (let i = 0; i < 5; i++) expect((await browserAt('203.0.113.66').post('/api/login', { username, password: 'guess-' + i })).status).toBe(401);
    const attacker = await browserAt('203.0.113.66').post('/api/login', { username, password: 'secret1' });
    expect(attacker.status).toBe(429);
    expect(Number(attacker.headers.get('retry-after'))).toBeGreaterThan(0);

    // The owner, from a new browser at home: signed in.
    expect((await browserAt('192.0.2.1').post('/api/login', { username, password: 'secret1' })).status).toBe(200);
  });

  it('a browser holding the account\'s device secret is never refused its correct password, even from the blocked network', async () => {
    const username = uniqueName('office');
    const network = '203.0.113.77';
    const owner = browserAt(network);
    await owner.post('/api/register', { username, password: 'secret1' });
    await owner.post('/api/logout');

    for (let i = 0; i < 6; i++) await browserAt(network).post('/api/login', { username, password: 'guess-' + i });
    expect((await browserAt(network).post('/api/login', { username, password: 'secret1' })).status).toBe(429);

    const res = await owner.post('/api/login', { username, password: 'secret1' });
    expect(res.status).toBe(200);
    expect(res.body.user.username).toBe(username);
  });

  it('quick-access refusals count too: five for one name from one network, then that pair waits', async () => {
    const username = uniqueName('probe');
    await browserAt().post('/api/auth/username', { username });
    const ip = '203.0.113.88';
    for (let i = 0; i < 5; i++) expect((await browserAt(ip).post('/api/auth/username', { username })).status).toBe(401);
    const blocked = await browserAt(ip).post('/api/auth/username', { username });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
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
    for (const [method, path] of [['GET', '/api/auth/user'], ['GET', '/api/user'], ['POST', '/api/auth/accept-terms'], ['POST', '/api/auth/theme'], ['PUT', '/api/user/profile'], ['POST', '/api/auth/password']]) {
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
