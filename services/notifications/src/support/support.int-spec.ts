import { api, type RequestContext } from '@jarvis/contracts';
import { RpcClient, startService, type RunningService } from '@jarvis/platform';
import { createTestEnv, type TestEnv } from '@jarvis/testing';
import type { AddressInfo } from 'node:net';
import { connect, type NatsConnection } from 'nats';
import { SMTPServer } from 'smtp-server';
import { DataSource } from 'typeorm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../app.module';

const visitor: RequestContext = { userId: null, tier: 'free', requestId: 'test' };
const message = { name: 'Ada', email: 'ada@example.com', subject: 'Calendar sync', message: 'My reminders do not show up.' };

/** A loopback SMTP server that keeps what it receives. */
async function fakeSmtp() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (c) => (raw += c));
      stream.on('end', () => {
        received.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { received, port: (server.server.address() as AddressInfo).port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

let env: TestEnv;
let nc: NatsConnection;
let rpc: RpcClient;
let service: RunningService | undefined;

async function start(extra: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(extra)) if (v === undefined) delete process.env[k]; else process.env[k] = v;
  service = await startService('notifications', AppModule);
}
const stored = () => service!.app.get(DataSource).query('SELECT user_id, name, email, subject, message, forwarded_at FROM notifications.support_messages ORDER BY created_at');
const contact = (data: unknown, ctx = visitor) => rpc.call(api.notifications.contact, api.notifications.contact.request.parse(data), ctx);

beforeAll(async () => {
  env = await createTestEnv('support');
  nc = await connect({ servers: env.env.NATS_URL });
  rpc = new RpcClient(nc, env.natsPrefix);
});
afterEach(async () => {
  await service?.close();
  service = undefined;
});
afterAll(async () => {
  await nc?.close();
  await env?.dispose();
});

describe('POST /api/contact', () => {
  it('keeps the message of a visitor and says what to set when no mail delivery is configured', async () => {
    await start({ SMTP_URL: undefined, SUPPORT_EMAIL: undefined });
    expect(await contact(message)).toEqual({ success: true });
    const rows = await stored();
    expect(rows.at(-1)).toMatchObject({ user_id: null, name: 'Ada', subject: 'Calendar sync', forwarded_at: null });
  });

  it('e-mails the message to SUPPORT_EMAIL with the sender as reply-to, and records it as forwarded', async () => {
    const smtp = await fakeSmtp();
    try {
      await start({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SUPPORT_EMAIL: 'help@jarvis.test' });
      const userId = '7d0f3c8e-3b7a-4a39-9a59-1f7a9a1f0c11';
      expect(await contact(message, { ...visitor, userId })).toEqual({ success: true });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toMatch(/^To: help@jarvis\.test/m);
      expect(smtp.received[0]).toMatch(/^Reply-To: Ada <ada@example\.com>/m);
      expect(smtp.received[0]).toMatch(/^Subject: \[Jarvis support\] Calendar sync/m);
      expect(smtp.received[0]).toContain('My reminders do not show up.');
      const last = (await stored()).at(-1);
      expect(last.user_id).toBe(userId);
      expect(last.forwarded_at).not.toBeNull();
    } finally {
      await smtp.close();
    }
  });

  it('still keeps the message when the mail server is down', async () => {
    await start({ SMTP_URL: 'smtp://127.0.0.1:9', SUPPORT_EMAIL: 'help@jarvis.test' });
    expect(await contact({ ...message, subject: 'Down' })).toEqual({ success: true });
    expect((await stored()).at(-1)).toMatchObject({ subject: 'Down', forwarded_at: null });
  });

  it('requires every field, with a message per field', () => {
    const result = api.notifications.contact.request.safeParse({ name: ' ', email: 'nope', subject: '', message: '' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path[0]).sort()).toEqual(['email', 'message', 'name', 'subject']);
  });
});
