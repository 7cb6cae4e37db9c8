import { randomBytes } from 'node:crypto';
import { DomainError, ErrorKind } from '@jarvis/contracts';
import { connect, headers, JSONCodec, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTo } from './published';

const codec = JSONCodec();
let nc: NatsConnection;
const prefix = `tpub${randomBytes(4).toString('hex')}.`;

beforeAll(async () => {
  nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
});
afterAll(() => nc?.close());

describe('published(subject)', () => {
  it("records what is published under the run's prefix from the moment it resolves, subjects without the prefix", async () => {
    const live = await listenTo(nc, prefix, 'live.>');
    const h = headers();
    h.set('Nats-Msg-Id', 'call:1');
    nc.publish(`${prefix}live.u1.calls`, codec.encode({ type: 'call', n: 1 }), { headers: h });
    nc.publish(`${prefix}live.u2.reminders`, codec.encode({ type: 'reminder', n: 2 }));
    nc.publish(`other.${prefix}live.u1.calls`, codec.encode({ n: 3 }));
    nc.publish(`${prefix}evt.x`, codec.encode({ n: 4 }));
    await nc.flush();
    await new Promise((r) => setTimeout(r, 50));
    expect(live.messages.map((m) => m.subject)).toEqual(['live.u1.calls', 'live.u2.reminders']);
    expect(live.bodies()).toEqual([{ type: 'call', n: 1 }, { type: 'reminder', n: 2 }]);
    expect(live.messages[0].headers?.get('Nats-Msg-Id')).toBe('call:1');
    await live.stop();
  });

  it('takes a declaration for its subject and, with reply, answers requests as the service would, errors included', async () => {
    const asked = await listenTo<{ ctx: { userId: string }; data: { n: number } }>(nc, prefix, { subject: 'calendar.reminders.list' }, {
      reply: ({ body }) => {
        if (body.data.n < 0) throw new DomainError(ErrorKind.RateLimited, 'Slow down', { code: 'RATE_LIMITED', details: { retryAfterSeconds: 60 } });
        return { doubled: body.data.n * 2 };
      },
    });
    const ask = async (n: number) => codec.decode((await nc.request(`${prefix}calendar.reminders.list`, codec.encode({ ctx: { userId: 'u1' }, data: { n } }))).data);
    expect(await ask(21)).toEqual({ ok: true, data: { doubled: 42 } });
    expect(await ask(-1)).toEqual({ ok: false, error: { kind: 'RATE_LIMITED', code: 'RATE_LIMITED', message: 'Slow down', details: { retryAfterSeconds: 60 } } });
    expect(asked.bodies().map((b) => b.data.n)).toEqual([21, -1]);
    await asked.stop();
  });

  it('records nothing once stopped', async () => {
    const events = await listenTo(nc, prefix, 'evt.stopped');
    nc.publish(`${prefix}evt.stopped`, codec.encode({ n: 1 }));
    await nc.flush();
    await new Promise((r) => setTimeout(r, 50));
    await events.stop();
    nc.publish(`${prefix}evt.stopped`, codec.encode({ n: 2 }));
    await nc.flush();
    await new Promise((r) => setTimeout(r, 50));
    expect(events.bodies()).toEqual([{ n: 1 }]);
  });
});
