import { createHash } from 'node:crypto';
import { internalApi, type RequestContext } from '@jarvis/contracts';
import { RpcClient } from '@jarvis/platform';
import { connect, type Msg, type NatsConnection, type Subscription } from 'nats';
import { DataSource } from 'typeorm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGateway, uniqueName } from '../../testing/harness';

type MailRequest = { userId: string; to: string; link: string };

let gw: GatewayHarness;
let nc: NatsConnection;
let notifications: Subscription;
/** What the gateway asked notifications (which owns SMTP) to e-mail. */
const mails: MailRequest[] = [];
let answer: (msg: Msg) => void;
const sent = (msg: Msg) => msg.respond(JSON.stringify({ ok: true, data: { sent: true } }));
const ctx: RequestContext = { userId: null, tier: 'free', requestId: 'test-verify-email' };

beforeAll(async () => {
  gw = await startGateway('email-verification', { SIGNUP_MAX_PER_IP_HOUR: '1000', PUBLIC_URL: 'https://jarvis.example.test' });
  nc = await connect({ servers: gw.env.env.NATS_URL });
  notifications = nc.subscribe(`${gw.env.natsPrefix}notifications.verification-emails.send`, {
    callback: (_e, msg) => {
      mails.push(msg.json<{ data: MailRequest }>().data);
      answer(msg);
    },
  });
  await nc.flush();
});
afterEach(() => {
  answer = sent;
});
answer = sent;
afterAll(async () => {
  notifications?.unsubscribe();
  await nc?.close();
  await gw?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The mails to `address` once there are `count` of them (or after `waitMs`: fewer, when no more come). */
async function mailsTo(address: string, count: number, waitMs = 5_000) {
  for (let waited = 0; waited < waitMs && mails.filter((m) => m.to === address).length < count; waited += 25) await sleep(25);
  return mails.filter((m) => m.to === address);
}
/** The path and query of a link, to follow it on this gateway as the browser would. */
const pathOf = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const tokens = () => gw.app.get(DataSource);
/** Each case gets its own address, so the limits of one never meet another's. */
const address = () => `${uniqueName('mail')}@example.com`;

async function registered(email?: string) {
  const client = gw.client();
  const res = await client.post('/api/register', { username: uniqueName('verify'), password: 'secret1', ...(email ? { email } : {}) });
  expect(res.status).toBe(201);
  return { client, user: res.body.user as { id: string; emailVerified: boolean } };
}

describe('e-mail verification', () => {
  it('e-mails a new account a single-use link on PUBLIC_URL; following it verifies the address and lands on /verify-email', async () => {
    const email = address();
    const { client, user } = await registered(email.toUpperCase());
    expect(user.emailVerified).toBe(false);
    const [mail] = await mailsTo(email, 1);
    expect(mail).toEqual({ userId: user.id, to: email, link: expect.stringMatching(/^https:\/\/jarvis\.example\.test\/api\/auth\/verify-email\?token=[A-Za-z0-9_-]{43}$/) });
    // Only the token's hash is stored.
    const stored = (await tokens().query(`SELECT token_hash FROM identity.email_verification_tokens WHERE user_id = $1`, [user.id])) as { token_hash: string }[];
    expect(stored).toEqual([{ token_hash: createHash('sha256').update(tokenOf(mail.link)).digest('hex') }]);
    expect(JSON.stringify(stored)).not.toContain(tokenOf(mail.link));

    const followed = await gw.client().get(pathOf(mail.link));
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe('/verify-email?result=verified');
    expect((await client.get('/api/auth/user')).body.emailVerified).toBe(true);
    const rpc = new RpcClient(nc, gw.env.natsPrefix);
    expect(await rpc.call(internalApi.identity.userProfile, { userId: user.id }, ctx)).toMatchObject({ email, emailVerified: true });

    const again = await gw.client().get(pathOf(mail.link));
    expect(again.headers.get('location')).toBe('/verify-email?result=used');
  });

  it('verifies nothing with a link older than 24 hours, an unknown token or none', async () => {
    const email = address();
    const { client } = await registered(email);
    const [mail] = await mailsTo(email, 1);
    await tokens().query(`UPDATE identity.email_verification_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      createHash('sha256').update(tokenOf(mail.link)).digest('hex'),
    ]);
    expect((await gw.client().get(pathOf(mail.link))).headers.get('location')).toBe('/verify-email?result=expired');
    expect((await gw.client().get(`/api/auth/verify-email?token=${'A'.repeat(43)}`)).headers.get('location')).toBe('/verify-email?result=invalid');
    expect((await gw.client().get('/api/auth/verify-email?token=%0d%0aLocation:%20https://evil.test')).headers.get('location')).toBe('/verify-email?result=invalid');
    expect((await gw.client().get('/api/auth/verify-email')).headers.get('location')).toBe('/verify-email?result=invalid');
    // Input no link carries is refused like on every endpoint: 400 naming the field.
    const nul = await gw.client().get('/api/auth/verify-email?token=a%00b');
    expect(nul.status).toBe(400);
    expect(Object.keys(nul.body.fields)).toContain('token');
    expect((await client.get('/api/auth/user')).body.emailVerified).toBe(false);
  });

  it('changing the address in Settings makes it unverified and sends a link; a link for the old address verifies nothing', async () => {
    const first = address();
    const { client, user } = await registered(first);
    const [oldMail] = await mailsTo(first, 1);

    const second = address();
    const changed = await client.put('/api/user/email', { email: second.toUpperCase() });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: user.id, email: second, emailVerified: false });
    const [mail] = await mailsTo(second, 1);
    expect(mail.to).toBe(second);
    // The same address again sends nothing.
    expect((await client.put('/api/user/email', { email: second })).status).toBe(200);
    expect(await mailsTo(second, 2, 300)).toHaveLength(1);

    expect((await gw.client().get(pathOf(oldMail.link))).headers.get('location')).toBe('/verify-email?result=invalid');
    expect((await client.get('/api/auth/user')).body.emailVerified).toBe(false);
    expect((await gw.client().get(pathOf(mail.link))).headers.get('location')).toBe('/verify-email?result=verified');
    expect((await client.get('/api/auth/user')).body).toMatchObject({ email: second, emailVerified: true });

    // Another address within the minute: 429, and the verified one stays.
    const third = await client.put('/api/user/email', { email: address() });
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await client.get('/api/auth/user')).body).toMatchObject({ email: second, emailVerified: true });

    expect((await client.put('/api/user/email', { email: 'not an address' })).status).toBe(400);
    const removed = await client.put('/api/user/email', { email: '' });
    expect(removed.body).toMatchObject({ email: null, emailVerified: false });
  });

  it('Resend sends a new link, at most one a minute (429 with Retry-After); 409 once verified, 400 without an address', async () => {
    const email = address();
    const { client } = await registered(email);
    await mailsTo(email, 1);
    const resent = await client.post('/api/auth/verify-email/resend');
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ sent: true, email });
    const mailsNow = await mailsTo(email, 2);
    expect(mailsNow).toHaveLength(2);
    // Both links work for the address until one is used.
    expect(tokenOf(mailsNow[0].link)).not.toBe(tokenOf(mailsNow[1].link));

    const soon = await client.post('/api/auth/verify-email/resend');
    expect(soon.status).toBe(429);
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(await mailsTo(email, 3, 300)).toHaveLength(2);

    await gw.client().get(pathOf(mailsNow[0].link));
    expect((await client.post('/api/auth/verify-email/resend')).status).toBe(409);

    const { client: noAddress } = await registered();
    const missing = await noAddress.post('/api/auth/verify-email/resend');
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Add an e-mail address first.');
    expect((await gw.client().post('/api/auth/verify-email/resend')).status).toBe(401);
  });

  it('Resend says SMTP_URL must be set when notifications has no mail delivery, and keeps no token', async () => {
    const email = address();
    answer = (msg) => msg.respond(JSON.stringify({ ok: true, data: { sent: false } }));
    const { client, user } = await registered(email);
    await mailsTo(email, 1);
    const res = await client.post('/api/auth/verify-email/resend');
    expect(res.status).toBe(503);
    expect(res.body.error).toMatch(/SMTP_URL/);
    expect(await tokens().query(`SELECT 1 FROM identity.email_verification_tokens WHERE user_id = $1`, [user.id])).toEqual([]);
  });

  it('sends nothing for an account without an address', async () => {
    const before = mails.length;
    const { user } = await registered();
    await sleep(300);
    expect(mails.slice(before).filter((m) => m.userId === user.id)).toEqual([]);
  });
});
