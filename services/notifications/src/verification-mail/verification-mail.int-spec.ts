import { internalApi, type RequestContext } from '@jarvis/contracts';
import { type ServiceHarness, startServiceHarness } from '@jarvis/testing';
import { mailText, startSmtpFake } from '@jarvis/testing/fakes';
import { afterEach, describe, expect, it } from 'vitest';
import { AppModule } from '../app.module';

let running: ServiceHarness | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});
/** The gateway asks with no user in its context: the request names the user. */
const ctx: RequestContext = { userId: null, tier: 'free', requestId: 'verify-mail' };
const link = 'https://jarvis.example.test/api/auth/verify-email?token=' + 'a'.repeat(43);

describe('notifications.verification-emails.send', () => {
  it('e-mails the link the gateway made to the address, over SMTP_URL', async () => {
    const smtp = await startSmtpFake();
    try {
      running = await startServiceHarness('notifications', AppModule, {
        label: 'verifymail',
        env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SUPPORT_EMAIL: 'jarvis@jarvis.test' },
      });
      const userId = crypto.randomUUID();
      expect(await running.rpc.call(internalApi.notifications.sendVerificationEmail, { userId, to: 'ada@example.com', link }, ctx)).toEqual({ sent: true });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toMatch(/^To: ada@example\.com/m);
      expect(smtp.received[0]).toMatch(/^Subject: Verify your e-mail address for Jarvis/m);
      expect(mailText(smtp.received[0]).split(/\r?\n/)).toContain(link);
    } finally {
      await smtp.close();
    }
  });

  it('answers sent: false without SMTP_URL, and 503 when the mail server is down', async () => {
    running = await startServiceHarness('notifications', AppModule, { label: 'verifymail', env: { SMTP_URL: undefined } });
    expect(await running.rpc.call(internalApi.notifications.sendVerificationEmail, { userId: crypto.randomUUID(), to: 'ada@example.com', link }, ctx)).toEqual({ sent: false });
    await running.close();
    running = await startServiceHarness('notifications', AppModule, { label: 'verifymail', env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    const error = await running.rpc.call(internalApi.notifications.sendVerificationEmail, { userId: crypto.randomUUID(), to: 'ada@example.com', link }, ctx).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'SERVICE_UNAVAILABLE' });
  });

  it('refuses an address or link that is not one, from any caller', async () => {
    running = await startServiceHarness('notifications', AppModule, { label: 'verifymail', env: { SMTP_URL: undefined } });
    const bad = await running.rpc.call(internalApi.notifications.sendVerificationEmail, { userId: crypto.randomUUID(), to: 'a@b.c\r\nBcc: x@evil.test', link }, ctx).catch((e: unknown) => e);
    expect(bad).toMatchObject({ kind: 'VALIDATION' });
  });
});
