import { api } from '@jarvis/contracts';
import { createLogger } from '@jarvis/platform';
import { captureLogs, type LogCapture, leakedSecrets, secretsIn, type TestUser } from '@jarvis/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailHarness, startMail, TEST_ENCRYPTION_KEY } from './testing/mail-harness';

let h: MailHarness;
let logs: LogCapture;
let user: TestUser;
let secrets: Record<string, string>;
let messageId: string;
const log = createLogger('providers-secrets-test');

beforeAll(async () => {
  h = await startMail('mail-secrets');
  user = h.newUser('premium');
  await h.connect(user, 'secrets@gmail.com');
  [{ id: messageId }] = h.google.seedMail('secrets@gmail.com', [{ subject: 'Hello' }]);
  expect((await h.call(api.mail.list, {}, user)).messages).toHaveLength(1); // the tokens are issued and in use
  // Recognisable credentials: the OAuth client's secret, the key tokens are encrypted with, and every token Google issued.
  secrets = {
    GOOGLE_CLIENT_SECRET: h.google.clientSecret,
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    ...Object.fromEntries(h.google.issuedTokens().map((token, i) => [`google token ${i}`, token])),
  };
  // Google goes away: every call from here on fails at the network level (its address refuses connections).
  await h.google.close();
  h.google.close = async () => undefined;
  logs = captureLogs();
});
afterAll(async () => {
  logs?.stop();
  await h?.close();
});

describe('Gmail failing at the network level keeps the credentials to itself', () => {
  it('answers every mailbox call with a 503 naming Google and no credential', async () => {
    const errors = [
      await h.fail(api.mail.list, {}, user),
      await h.fail(api.mail.detail, { id: messageId }, user),
      await h.fail(api.mail.trash, { messageId }, user),
      await h.fail(api.mail.spam, { messageId }, user),
      await h.fail(api.mail.remove, { messageId }, user),
      await h.fail(api.mail.unsubscribe, { messageId }, user),
    ];
    for (const error of errors) {
      log.warn({ err: error }, 'mailbox call failed'); // as a caller that logs what it got would
      expect(error.kind).toBe('PROVIDER_UNAVAILABLE');
      expect(secretsIn(error, secrets)).toEqual([]);
    }
  });

  it('keeps them out of a failed code exchange and a failed revocation too', async () => {
    const other = h.newUser('premium');
    const { url } = await h.call(api.mail.authUrl, {}, other);
    const state = new URL(url).searchParams.get('state')!;
    const callback = await h.call(api.mail.authCallback, { code: 'code-from-google', state }, other);
    expect(secretsIn(callback, secrets)).toEqual([]);
    const disconnected = await h.call(api.mail.disconnect, {}, user).catch((error: unknown) => error);
    expect(secretsIn(disconnected, secrets)).toEqual([]);
  });

  it('leaves no configured secret or token in anything logged meanwhile', () => {
    expect(logs.lines.length).toBeGreaterThan(0);
    expect(leakedSecrets(logs.text(), secrets)).toEqual([]);
  });
});
