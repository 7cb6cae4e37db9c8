import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger, listenToLogs, registerSecret, scrubSecrets } from './logger';

const TOKEN = 'twilio-auth-token-0123456789abcdef';
const SMTP_PASSWORD = 'smtp-pa$$word-42';

describe('logs never carry secrets', () => {
  const lines: string[] = [];
  let stop: () => void;
  const saved = { ...process.env };

  beforeEach(() => {
    process.env.TWILIO_AUTH_TOKEN = TOKEN;
    process.env.SMTP_URL = `smtps://mailer:${encodeURIComponent(SMTP_PASSWORD)}@smtp.example.com`;
    process.env.VAPID_PUBLIC_KEY = 'BPublicKeyIsNotASecret123';
    lines.length = 0;
    stop = listenToLogs((line) => lines.push(line));
  });
  afterEach(() => {
    stop();
    process.env = { ...saved };
  });

  const output = () => lines.join('');

  it('redacts authorization headers, cookies, passwords and tokens in logged objects', () => {
    const log = createLogger('test');
    log.info(
      {
        headers: { authorization: 'Basic dXNlcjpwdw==', cookie: 'jarvis_sid=abc123456', 'set-cookie': ['jarvis_device=zzz999999'] },
        request: { options: { headers: { Authorization: 'Bearer nested-bearer-value' } } },
        body: { password: 'hunter2hunter2', apiKey: 'key-in-a-body-123' },
        token: 'share-token-value-123',
      },
      'calling out',
    );
    const line = output();
    for (const secret of ['dXNlcjpwdw==', 'jarvis_sid=abc123456', 'jarvis_device=zzz999999', 'hunter2hunter2', 'key-in-a-body-123', 'share-token-value-123']) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain('calling out');
    expect(line).toContain('[Redacted]');
  });

  it('scrubs configured secret values from an error, its stack, its fields and its causes', () => {
    const log = createLogger('test');
    const inner = new Error(`auth failed with ${TOKEN}`);
    // An HTTP client's error as axios builds it: the request options, credentials included, on the error.
    const outer = Object.assign(new Error('Request failed: connect ECONNREFUSED 127.0.0.1:1', { cause: inner }), {
      config: { url: 'https://api.twilio.com/x.mp3', auth: { username: 'AC123', password: TOKEN }, headers: { 'X-Custom': `token=${TOKEN}` } },
    });
    log.error({ err: outer }, 'recording download failed');
    log.warn({ error: new Error(`smtp said no to ${SMTP_PASSWORD}`) }, 'mail failed');
    log.warn(`plain message mentioning ${TOKEN}`);
    const text = output();
    expect(text).toContain('recording download failed');
    expect(text).toContain('ECONNREFUSED');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(SMTP_PASSWORD);
    expect(text).not.toContain(encodeURIComponent(SMTP_PASSWORD));
  });

  it('keeps what is not a secret: a public key stays readable', () => {
    createLogger('test').info({ vapid: process.env.VAPID_PUBLIC_KEY }, 'keys');
    expect(output()).toContain('BPublicKeyIsNotASecret123');
  });

  it('scrubs a secret registered at run time (a generated key kept in the database)', () => {
    registerSecret('generated-private-key-xyz');
    createLogger('test').info({ detail: 'the key is generated-private-key-xyz' }, 'generated');
    expect(output()).not.toContain('generated-private-key-xyz');
    expect(scrubSecrets('a generated-private-key-xyz b')).toBe('a [Redacted] b');
  });

  it('lets a capture see every level while standard output keeps LOG_LEVEL', () => {
    createLogger('test').debug('a debug line');
    expect(output()).toContain('a debug line');
  });
});
