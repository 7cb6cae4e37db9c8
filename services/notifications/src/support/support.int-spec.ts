import { api, type RequestContext } from '@jarvis/contracts';
import { type ServiceHarness, startServiceHarness } from '@jarvis/testing';
import { startSmtpFake } from '@jarvis/testing/fakes';
import { afterEach, describe, expect, it } from 'vitest';
import addressparser from 'nodemailer/lib/addressparser';
import { AppModule } from '../app.module';
import { addressBlock } from './contact-rate-limiter';
import { isPlainAddress } from './mail-headers';

const message = { name: 'Ada', email: 'ada@example.com', subject: 'Calendar sync', message: 'My reminders do not show up.' };

let running: ServiceHarness | undefined;

/** The service with this mail configuration, on a database of its own. */
async function start(env: Record<string, string | undefined>) {
  running = await startServiceHarness('notifications', AppModule, { label: 'support', env });
  return running;
}
afterEach(async () => {
  await running?.close();
  running = undefined;
});
/** The context the gateway sends for a visitor of the public endpoint: their address as TRUST_PROXY reads it. */
const visitor = (clientIp: string): RequestContext => ({ userId: null, tier: 'free', requestId: `req-${Math.random()}`, clientIp });
/** The header block of a received mail, unfolded, one header a line. */
const headersOf = (raw: string) => raw.split('\r\n\r\n')[0].replace(/\r\n[ \t]+/g, ' ').split('\r\n');
const stored = (h: ServiceHarness) => h.dataSource.query('SELECT user_id, name, email, subject, message, forwarded_at FROM notifications.support_messages ORDER BY created_at');

describe('POST /api/contact', () => {
  it('keeps the message of a visitor and says what to set when no mail delivery is configured', async () => {
    const h = await start({ SMTP_URL: undefined, SUPPORT_EMAIL: undefined });
    expect(await h.call(api.notifications.contact, message)).toEqual({ success: true });
    const rows = await stored(h);
    expect(rows.at(-1)).toMatchObject({ user_id: null, name: 'Ada', subject: 'Calendar sync', forwarded_at: null });
  });

  it('e-mails the message to SUPPORT_EMAIL with the sender as reply-to, and records it as forwarded', async () => {
    const smtp = await startSmtpFake();
    try {
      const h = await start({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SUPPORT_EMAIL: 'help@jarvis.test' });
      const user = h.newUser();
      expect(await h.call(api.notifications.contact, message, user)).toEqual({ success: true });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toMatch(/^To: help@jarvis\.test/m);
      expect(smtp.received[0]).toMatch(/^Reply-To: Ada <ada@example\.com>/m);
      expect(smtp.received[0]).toMatch(/^Subject: \[Jarvis support\] Calendar sync/m);
      expect(smtp.received[0]).toContain('My reminders do not show up.');
      const last = (await stored(h)).at(-1);
      expect(last.user_id).toBe(user.id);
      expect(last.forwarded_at).not.toBeNull();
    } finally {
      await smtp.close();
    }
  });

  it('still keeps the message when the mail server is down', async () => {
    const h = await start({ SMTP_URL: 'smtp://127.0.0.1:9', SUPPORT_EMAIL: 'help@jarvis.test' });
    expect(await h.call(api.notifications.contact, { ...message, subject: 'Down' })).toEqual({ success: true });
    expect((await stored(h)).at(-1)).toMatchObject({ subject: 'Down', forwarded_at: null });
  });

  it('refuses a NUL character from a caller that skipped the gateway with a 400 naming the field, storing nothing', async () => {
    const h = await start({ SMTP_URL: undefined, SUPPORT_EMAIL: undefined });
    const before = (await stored(h)).length;
    const error = await h.failUnchecked(api.notifications.contact, { ...message, subject: 'Hi\u0000' });
    expect(error).toMatchObject({ kind: 'VALIDATION', details: { fields: { subject: ['subject must not contain NUL characters'] } } });
    expect(await stored(h)).toHaveLength(before);
  });

  it('accepts 5 messages an hour from one address, then answers 429 with Retry-After and stores nothing', async () => {
    const h = await start({ SMTP_URL: undefined, SUPPORT_EMAIL: undefined });
    for (let i = 0; i < 5; i++) {
      expect(await h.rpc.call(api.notifications.contact, { ...message, subject: `Try ${i}` }, visitor('203.0.113.5'))).toEqual({ success: true });
    }
    const limited = await h.rpc.call(api.notifications.contact, { ...message, subject: 'Sixth' }, visitor('203.0.113.5')).catch((e: unknown) => e);
    expect(limited).toMatchObject({ kind: 'RATE_LIMITED', message: expect.stringMatching(/5 messages in the last hour/) });
    const retryAfter = (limited as { details: { retryAfterSeconds: number } }).details.retryAfterSeconds;
    expect(retryAfter).toBeGreaterThan(3_500);
    expect(retryAfter).toBeLessThanOrEqual(3_600);
    expect((await stored(h)).map((r: { subject: string }) => r.subject)).not.toContain('Sixth');
    // Another visitor is not held back; the same IPv6 /64 counts as one visitor.
    expect(await h.rpc.call(api.notifications.contact, message, visitor('198.51.100.7'))).toEqual({ success: true });
    for (let i = 0; i < 5; i++) await h.rpc.call(api.notifications.contact, message, visitor(`2001:db8:1:2::${i + 1}`));
    expect(await h.rpc.call(api.notifications.contact, message, visitor('2001:db8:1:2:ffff::9')).catch((e: unknown) => e)).toMatchObject({ kind: 'RATE_LIMITED' });
  });

  it('counts concurrent messages from one address exactly: 10 at once, 5 accepted', async () => {
    const h = await start({ SMTP_URL: undefined, SUPPORT_EMAIL: undefined });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => h.rpc.call(api.notifications.contact, { ...message, subject: `Burst ${i}` }, visitor('203.0.113.77')).then(() => 'ok', (e: { kind: string }) => e.kind)),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(5);
    expect(results.filter((r) => r === 'RATE_LIMITED')).toHaveLength(5);
    expect((await stored(h)).filter((r: { subject: string }) => r.subject.startsWith('Burst'))).toHaveLength(5);
  });

  it('never lets a CR, LF or an address list in a field make a header or another recipient', async () => {
    const smtp = await startSmtpFake();
    try {
      const h = await start({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SUPPORT_EMAIL: 'help@jarvis.test' });
      const hostile = {
        name: 'Ada, Bob <attacker@evil.test>,\r\nBcc: victim@evil.test',
        email: 'ada@example.com',
        subject: 'Hello\r\nBcc: victim2@evil.test\r\n\r\nInjected body',
        message: 'Hi',
      };
      // Sent past the gateway's schema too: the handler parses again, the mail is built the same way.
      expect(await h.rpc.call(api.notifications.contact, hostile, visitor('203.0.113.9'))).toEqual({ success: true });
      expect(smtp.received).toHaveLength(1);
      const headers = headersOf(smtp.received[0]);
      expect(headers.filter((line) => /^bcc:/i.test(line))).toEqual([]);
      expect(headers.filter((line) => /^subject:/i.test(line))).toEqual(['Subject: [Jarvis support] Hello Bcc: victim2@evil.test Injected body']);
      const replyTo = headers.filter((line) => /^reply-to:/i.test(line));
      expect(replyTo).toHaveLength(1);
      const addresses = addressparser(replyTo[0].replace(/^reply-to:\s*/i, ''), { flatten: true }).map((a) => a.address);
      expect(addresses).toEqual(['ada@example.com']);
      expect(headers.filter((line) => /^to:/i.test(line))).toEqual(['To: help@jarvis.test']);
      expect(headers.filter((line) => /^cc:/i.test(line))).toEqual([]);
    } finally {
      await smtp.close();
    }
  });

  it('puts only a plain local@domain address in Reply-To', () => {
    for (const ok of ['ada@example.com', 'a.b+tag@mail.example.co.uk']) expect(isPlainAddress(ok)).toBe(true);
    for (const bad of ['ada@example.com\r\nBcc: x@evil.test', '"a b"@example.com', 'a@b', 'a,b@example.com', '<a@example.com>', 'a@example.com (x)', 'a@[127.0.0.1]', 'a@1.2.3.4']) {
      expect(isPlainAddress(bad), bad).toBe(false);
    }
    expect(addressBlock('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressBlock('2001:DB8:0001::1')).toBe('2001:db8:1:0::/64');
    expect(addressBlock('::ffff:203.0.113.5')).toBe('203.0.113.5');
  });

  it('requires every field, with a message per field', () => {
    const result = api.notifications.contact.request.safeParse({ name: ' ', email: 'nope', subject: '', message: '' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path[0]).sort()).toEqual(['email', 'message', 'name', 'subject']);
  });
});
