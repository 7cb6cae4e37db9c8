import type { EventEnvelope } from '@jarvis/contracts';
import { createTestEnv, type TestEnv } from '@jarvis/testing';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus } from './event-bus';

let env: TestEnv;
const connections: NatsConnection[] = [];

async function bus() {
  const nc = await connect({ servers: env.env.NATS_URL });
  connections.push(nc);
  return new EventBus(nc, env.natsPrefix);
}

async function until(check: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
}

beforeAll(async () => {
  env = await createTestEnv('events');
});
afterAll(async () => {
  for (const nc of connections) await nc.close().catch(() => undefined);
  await env?.dispose();
});

describe('durable events', () => {
  it('delivers an event once even when it is published twice with the same idempotency key', async () => {
    const publisher = await bus();
    const consumer = await bus();
    const received: EventEnvelope<'evt.calendar.reminder.due'>[] = [];
    await consumer.subscribe('evt.calendar.reminder.due', 'test-dedupe', async (e) => void received.push(e));
    const payload = { reminderId: 'r1', userId: 'u1', title: 'Call mom', dueAt: new Date().toISOString() };
    await publisher.publish('evt.calendar.reminder.due', payload, 'reminder-due:r1');
    await publisher.publish('evt.calendar.reminder.due', payload, 'reminder-due:r1');
    await until(() => received.length >= 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ id: 'reminder-due:r1', name: 'evt.calendar.reminder.due', data: payload });
    await consumer.close();
  });

  it('gives a consumer that was down the events published meanwhile', async () => {
    const publisher = await bus();
    const first = await bus();
    await first.subscribe('evt.telephony.call.completed', 'test-offline', async () => undefined);
    await first.close();
    await publisher.publish('evt.telephony.call.completed', { callId: 'c1', userId: 'u1', status: 'completed' }, 'call:c1');

    const received: string[] = [];
    const second = await bus();
    await second.subscribe('evt.telephony.call.completed', 'test-offline', async (e) => void received.push(e.data.callId));
    await until(() => received.length > 0);
    expect(received).toEqual(['c1']);
    await second.close();
  });

  it('redelivers an event whose handler failed', async () => {
    const publisher = await bus();
    const consumer = await bus();
    let attempts = 0;
    await consumer.subscribe('evt.billing.tier.changed', 'test-retry', async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('transient');
    }, 50);
    await publisher.publish('evt.billing.tier.changed', { userId: 'u1', tier: 'premium', stripeCustomerId: null }, 'tier:1');
    await until(() => attempts >= 2);
    expect(attempts).toBe(2);
    await consumer.close();
  });
});
