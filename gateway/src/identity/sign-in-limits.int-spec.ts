import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGateway, startReplica, uniqueName } from '../testing/harness';

/**
 * Floods and other replicas: sign-ups per IP, password hashing a few at a time, failures per IP, and a password
 * change that ends sessions held by another gateway replica. Small limits so the floods stay short.
 */
let gw: GatewayHarness;
let replica: GatewayHarness;

beforeAll(async () => {
  gw = await startGateway('signin-limits', {
    SIGNUP_MAX_PER_IP_HOUR: '3',
    LOGIN_MAX_FAILURES_PER_IP: '8',
    PASSWORD_HASH_CONCURRENCY: '2',
    PASSWORD_HASH_MAX_WAIT_MS: '250',
  });
  replica = await startReplica(gw);
});
afterAll(async () => {
  await replica?.close();
  await gw?.close();
});

const at = (ip: string, on: GatewayHarness = gw) => on.client({ headers: { 'X-Forwarded-For': ip } });

describe('sign-up from one IP', () => {
  it('stops after SIGNUP_MAX_PER_IP_HOUR accounts an hour, through register and quick access alike (429 Retry-After)', async () => {
    const ip = '203.0.113.1';
    expect((await at(ip).post('/api/register', { username: uniqueName('s'), password: 'secret1' })).status).toBe(201);
    expect((await at(ip).post('/api/auth/username', { username: uniqueName('s') })).status).toBe(200);
    // A taken name creates nothing and counts nothing.
    const taken = uniqueName('taken');
    expect((await at('203.0.113.2').post('/api/register', { username: taken, password: 'secret1' })).status).toBe(201);
    expect((await at(ip).post('/api/register', { username: taken, password: 'secret1' })).status).toBe(409);
    expect((await at(ip).post('/api/register', { username: uniqueName('s'), password: 'secret1' })).status).toBe(201);

    const register = await at(ip).post('/api/register', { username: uniqueName('s'), password: 'secret1' });
    expect(register.status).toBe(429);
    expect(register.body.code).toBe('RATE_LIMITED');
    expect(Number(register.headers.get('retry-after'))).toBeGreaterThan(3000);
    const quick = await at(ip).post('/api/auth/username', { username: uniqueName('s') });
    expect(quick.status).toBe(429);
    expect(Number(quick.headers.get('retry-after'))).toBeGreaterThan(3000);
    // Another replica counts the same hour; another IP has its own allowance.
    expect((await at(ip, replica).post('/api/auth/username', { username: uniqueName('s') })).status).toBe(429);
    expect((await at('203.0.113.3').post('/api/auth/username', { username: uniqueName('s') })).status).toBe(200);
  });
});

describe('password hashing', () => {
  it('runs a few at a time: a flood of logins is answered 503 Retry-After: 1 past the wait, not queued forever', async () => {
    const username = uniqueName('flood');
    expect((await at('203.0.113.20').post('/api/register', { username, password: 'secret1' })).status).toBe(201);

    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => at(`198.18.0.${i + 1}`).post('/api/login', { username, password: 'secret1' })),
    );
    const busy = answers.filter((a) => a.status === 503);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.length + answers.filter((a) => a.status === 200).length).toBe(40);
    for (const answer of busy) {
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(answer.body).toMatchObject({ code: 'BUSY', error: 'Too many sign-ins at once. Please try again in a moment.' });
    }
    // Turned-away requests are not failed guesses: the flood's addresses may sign in at once.
    expect((await at('198.18.0.1').post('/api/login', { username, password: 'secret1' })).status).toBe(200);
  });
});

describe('failures per IP', () => {
  it('a network that guessed at many names waits, but a browser holding its account\'s device secret does not', async () => {
    const network = '203.0.113.30';
    const username = uniqueName('own');
    const owner = at(network);
    expect((await owner.post('/api/register', { username, password: 'secret1' })).status).toBe(201);
    await owner.post('/api/logout');

    for (let i = 0; i < 8; i++) {
      expect((await at(network).post('/api/login', { username: uniqueName('guess'), password: 'guess12' })).status).toBe(401);
    }
    const blocked = await at(network).post('/api/login', { username, password: 'secret1' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await at(network).post('/api/auth/username', { username: uniqueName('x') }).then((r) => r.status))).toBe(200);

    expect((await owner.post('/api/login', { username, password: 'secret1' })).status).toBe(200);
  });
});

describe('changing a password', () => {
  it('ends every other session of the account on every gateway replica at once; the current one stays', async () => {
    const username = uniqueName('replicas');
    const current = at('203.0.113.40');
    expect((await current.post('/api/register', { username, password: 'secret1' })).status).toBe(201);
    const onReplica = at('203.0.113.41', replica);
    expect((await onReplica.post('/api/login', { username, password: 'secret1' })).status).toBe(200);
    const onThis = at('203.0.113.42');
    expect((await onThis.post('/api/login', { username, password: 'secret1' })).status).toBe(200);
    // Both sessions are now in their replica's 10-second cache.
    expect((await onReplica.get('/api/auth/user')).status).toBe(200);
    expect((await onThis.get('/api/auth/user')).status).toBe(200);

    const changed = await current.post('/api/auth/password', { currentPassword: 'secret1', newPassword: 'secret2' });
    expect(changed.status).toBe(200);
    const started = Date.now();
    expect((await onThis.get('/api/auth/user')).status).toBe(401);
    await expect.poll(async () => (await onReplica.get('/api/auth/user')).status, { timeout: 2_000, interval: 50 }).toBe(401);
    // Announced, not waited out: well inside the replicas' 10-second session cache.
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await current.get('/api/auth/user')).status).toBe(200);
    expect((await at('203.0.113.43', replica).post('/api/login', { username, password: 'secret2' })).status).toBe(200);
  });
});
