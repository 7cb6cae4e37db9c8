import type { Type } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { createLogger } from '@jarvis/platform';
import { captureLogs, closedPortUrl, type LogCapture, leakedSecrets, secretsIn, type ServiceHarness, startServiceHarness } from '@jarvis/testing';
import { browserKeys } from '@jarvis/testing/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { AppModule } from './app.module';
import { EmailChannel } from './delivery/email.channel';
import { VapidKeysService } from './push/vapid-keys.service';
import { WebPushAdapter } from './push/web-push.adapter';
import { SupportMailProvider } from './support/support-mail.provider';

const vapid = webpush.generateVAPIDKeys();
/** Recognisable credentials: none of them may be read in a log line or an error a caller gets. */
const SECRETS = {
  SMTP_PASSWORD: 'smtp-S3CR3T-password-5p6o7n8m',
  VAPID_PRIVATE_KEY: vapid.privateKey,
};

let h: ServiceHarness;
let logs: LogCapture;
let closed: URL;
const log = createLogger('providers-secrets-test');
const provider = <T>(token: abstract new (...args: never[]) => T): T => h.get(token as Type<T>);

/** Runs one adapter call that must fail and logs its error as the services' callers do; answers the error. */
async function failing(call: string, run: () => Promise<unknown>): Promise<{ call: string; error: unknown }> {
  try {
    await run();
    return { call, error: new Error(`${call} did not fail`) };
  } catch (error) {
    log.warn({ err: error }, `${call} failed`);
    return { call, error };
  }
}

beforeAll(async () => {
  closed = new URL(await closedPortUrl());
  h = await startServiceHarness('notifications', AppModule, {
    label: 'notifications-secrets',
    env: {
      SMTP_URL: `smtp://jarvis:${SECRETS.SMTP_PASSWORD}@127.0.0.1:${closed.port}`,
      SUPPORT_EMAIL: 'support@jarvis.test',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      WEB_PUSH_ALLOWED_HOSTS: '127.0.0.1',
      ALLOW_PRIVATE_NETWORK_TARGETS: '1',
    },
  });
  logs = captureLogs();
});
afterAll(async () => {
  logs?.stop();
  await h?.close();
});

describe('notification providers failing at the network level keep their credentials to themselves', () => {
  it('answers a push test to an unreachable push service without a credential', async () => {
    const user = h.newUser();
    await h.call(api.notifications.pushSubscribe, { endpoint: `https://127.0.0.1:${closed.port}/push/1`, keys: browserKeys().keys }, user);
    const reply = await h.call(api.notifications.pushTest, {}, user);
    expect(reply).toEqual({ hasPushSubscriptions: true, result: { push: false } });
    expect(secretsIn(reply, SECRETS)).toEqual([]);
  });

  it('keeps the SMTP password and the VAPID key out of every error', async () => {
    const failures = [
      await failing('web-push.send', () =>
        h.get(WebPushAdapter).send({ endpoint: `https://127.0.0.1:${closed.port}/push/2`, ...browserKeys().keys }, { title: 't', body: 'b' }, h.get(VapidKeysService).vapid),
      ),
      await failing('smtp.support', () => provider(SupportMailProvider).send({ subject: 'Help', text: 'Please' })),
      await failing('smtp.email-channel', () => h.get(EmailChannel).send('someone@example.com', 'Hello', 'Hi')),
    ];
    expect((failures[0].error as { kind?: string }).kind).toBe('PROVIDER_UNAVAILABLE');
    for (const { call, error } of failures) {
      expect({ call, failed: !(error instanceof Error && error.message.endsWith('did not fail')) }).toEqual({ call, failed: true });
      expect({ call, leaked: secretsIn(error, SECRETS) }).toEqual({ call, leaked: [] });
    }
  });

  it('leaves no configured secret in anything logged meanwhile', () => {
    expect(logs.lines.length).toBeGreaterThan(0);
    expect(leakedSecrets(logs.text(), SECRETS)).toEqual([]);
  });
});
