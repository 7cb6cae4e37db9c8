import { type LiveEvent, liveUserWildcard } from '@jarvis/contracts';
import { createTestEnv, type TestEnv } from '@jarvis/testing';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveEvents } from './live-events';

const codec = JSONCodec<LiveEvent>();
let env: TestEnv;
let nc: NatsConnection;
let live: LiveEvents;

beforeAll(async () => {
  env = await createTestEnv('live');
  nc = await connect({ servers: env.env.NATS_URL });
  live = new LiveEvents(nc, env.natsPrefix);
});
afterAll(async () => {
  await nc?.close();
  await env?.dispose();
});

/** The events one user's subscription receives until `settle` resolves. */
async function received(userId: string, act: () => void) {
  const seen: { subject: string; event: LiveEvent }[] = [];
  const sub = nc.subscribe(env.natsPrefix + liveUserWildcard(userId), {
    callback: (_err, msg) => seen.push({ subject: msg.subject, event: codec.decode(msg.data) }),
  });
  await nc.flush();
  act();
  await nc.flush();
  await new Promise((r) => setTimeout(r, 50));
  sub.unsubscribe();
  return seen;
}

describe('LiveEvents', () => {
  it('publishes {kind, data} on the prefixed live.<userId>.<kind> subject', async () => {
    const seen = await received('user-a', () => live.publish('user-a', 'reminders', { id: 'r-1' }));
    expect(seen).toEqual([{ subject: `${env.natsPrefix}live.user-a.reminders`, event: { kind: 'reminders', data: { id: 'r-1' } } }]);
  });

  it("never reaches another user's subscription", async () => {
    const seen = await received('user-b', () => live.publish('user-a', 'notifications'));
    expect(seen).toEqual([]);
  });

  it('refuses a user id that would widen the subject, without throwing', async () => {
    const seen = await received('user-b', () => {
      expect(() => live.publish('*', 'reminders')).not.toThrow();
      expect(() => live.publish('user-b.x', 'reminders')).not.toThrow();
    });
    expect(seen).toEqual([]);
  });

  it('does not throw into the caller when the connection is closed', async () => {
    const closed = await connect({ servers: env.env.NATS_URL });
    await closed.close();
    expect(() => new LiveEvents(closed, env.natsPrefix).publish('user-a', 'reminders')).not.toThrow();
  });
});
