import { api } from '@jarvis/contracts';
import { type ServiceHarness, startServiceHarness } from '@jarvis/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { AppModule } from '../app.module';
import { startSmtpFake } from '../testing/smtp.fake';

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

  it('requires every field, with a message per field', () => {
    const result = api.notifications.contact.request.safeParse({ name: ' ', email: 'nope', subject: '', message: '' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path[0]).sort()).toEqual(['email', 'message', 'name', 'subject']);
  });
});
