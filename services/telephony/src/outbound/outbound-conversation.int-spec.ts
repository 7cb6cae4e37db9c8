import { api } from '@jarvis/contracts';
import { type LoopbackFake, startLoopback } from '@jarvis/testing';
import type { CallScript } from '@jarvis/testing/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billCollector, type OutboundHarness, startOutbound } from '../testing/outbound-harness';

let h: OutboundHarness;
let model: LoopbackFake;
const scripts = new Map<string, CallScript>();
beforeAll(async () => {
  // An OpenAI-compatible endpoint: it writes an opening when asked for one, and answers each turn after.
  model = await startLoopback((req) => {
    const body = req.body as { messages: { role: string; content: string }[] };
    const opening = body.messages[0].content.includes('Write only the words you will say');
    const content = opening ? 'Hello, this is Jarvis calling for Acme Utilities about a balance of $120.50.' : 'Thank you, I will pass that on.';
    return {
      body: {
        id: 'chatcmpl-1', object: 'chat.completion', created: 0, model: 'gpt-4o-mini',
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
      },
    };
  });
  // One call at a time everywhere, so the order of the queue shows.
  h = await startOutbound('outbound-conversation', { OPENAI_BASE_URL: `${model.url}/v1`, OUTBOUND_CONCURRENCY: '1' });
  h.twilio.callScript = (call) => scripts.get(call.to) ?? { outcome: 'answer', duration: 20 };
});
afterAll(async () => {
  await h?.close();
  await model?.close();
});

describe('with a model', () => {
  it('opens with the words the model wrote from the kind and its fields, then talks turn by turn and keeps the transcript', async () => {
    const alice = h.premium();
    h.neighbours.profiles.set(alice.id, { username: 'alice', firstName: 'Alice', lastName: null, email: null, tier: 'premium' });
    const to = '+12125550301';
    scripts.set(to, { outcome: 'answer', duration: 33, speech: ['I will pay on Friday.', 'Goodbye'] });
    const { callId } = await h.call(api.telephony.billCollectorCall, billCollector({ phoneNumber: to }), alice);
    const log = await h.ended(alice, callId);
    expect(log.status).toBe('completed');
    const asked = model.requests.find((r) => JSON.stringify(r.body).includes('Write only the words'))!.body as { messages: { content: string }[] };
    expect(asked.messages[0].content).toMatch(/Never threaten/);
    expect(asked.messages[0].content).toContain('calling for Alice');
    expect(asked.messages[1].content).toContain('amount: $120.50');
    const [call] = h.placedTo(to);
    expect(call.twiml[0]).toContain('<Gather');
    expect(call.twiml[0]).toContain('Hello, this is Jarvis calling for Acme Utilities');
    expect(log.transcript).toContain('Caller: I will pay on Friday.');
    expect(log.transcript).toContain('Jarvis: Thank you, I will pass that on.');
    // The person we called says goodbye: a farewell for a call we made, not 'Thank you for calling'.
    expect(log.transcript).toContain('Caller: Goodbye\nJarvis: Thank you for your time. Goodbye!');
    expect(call.twiml.at(-1)).toContain('Thank you for your time. Goodbye!');
  });
});

describe('what the person called may hear of the owner', () => {
  it('keeps the owner’s name out of every request the model receives once the owner stops sharing it, and never asks for memories or reminders', async () => {
    const bob = h.premium();
    h.neighbours.profiles.set(bob.id, { username: 'bob', firstName: 'Roberta', lastName: null, email: null, tier: 'premium' });
    // Chat and calendar, answered by the test: what the call must never ask for.
    const memories = [{ id: 'm1', type: 'fact', content: 'Roberta owes the bank money', importance: 9, created_at: '2026-01-01T00:00:00Z', tags: [] }];
    const reminders = [{ id: 'r1', title: 'Court hearing', when: 'today', reminder_time: new Date().toISOString(), done: false, created_at: '2026-01-01T00:00:00Z' }];
    const subs = [await h.published(api.chat.memories, { reply: () => memories }), await h.published(api.calendar.reminders, { reply: () => reminders })];
    const asked = () => subs.flatMap((sub) => sub.messages.map((m) => m.subject));
    try {
      await h.call(api.telephony.updateCallerSharing, { name: false }, bob);
      const to = '+12125550302';
      scripts.set(to, { outcome: 'answer', duration: 12, speech: ['Who is this for?', 'Goodbye'] });
      const before = model.requests.length;
      const { callId } = await h.call(api.telephony.followUpCall, { phoneNumber: to, message: 'Please call back.', context: 'the quote' }, bob);
      expect((await h.ended(bob, callId)).status).toBe('completed');
      const everything = JSON.stringify(model.requests.slice(before).map((r) => r.body));
      expect(everything).toContain('the quote');
      for (const secret of ['Roberta', 'owes the bank', 'Court hearing']) expect(everything, secret).not.toContain(secret);
      expect(asked()).toEqual([]);
      // Shared again: the opening names the owner.
      await h.call(api.telephony.updateCallerSharing, { name: true }, bob);
      const again = model.requests.length;
      const second = await h.call(api.telephony.followUpCall, { phoneNumber: '+12125550303', message: 'Please call back.', context: 'the quote' }, bob);
      await h.ended(bob, second.callId);
      expect(JSON.stringify(model.requests.slice(again).map((r) => r.body))).toContain('calling for Roberta');
    } finally {
      await Promise.all(subs.map((sub) => sub.stop()));
    }
  });
});

describe('with one call at a time', () => {
  it('places waiting calls urgent first, then high, normal and low', async () => {
    const blocker = '+12125550310';
    scripts.set(blocker, { outcome: 'hold' });
    const blockerUser = h.premium();
    const first = await h.call(api.telephony.missedCallReturn, { phoneNumber: blocker }, blockerUser);
    const held = await h.until(() => h.placedTo(blocker)[0], Boolean);
    const order = [
      ['+12125550311', 'low'],
      ['+12125550312', 'normal'],
      ['+12125550313', 'urgent'],
      ['+12125550314', 'high'],
    ] as const;
    const queued = [];
    for (const [phoneNumber, priority] of order) {
      const user = h.premium();
      queued.push({ user, ...(await h.call(api.telephony.missedCallReturn, { phoneNumber, priority }, user)) });
    }
    await h.callStatus(held, 'completed', { CallDuration: '1' });
    for (const q of queued) await h.ended(q.user, q.callId);
    const placed = h.twilio.calls.map((c) => c.to).filter((to) => order.some(([n]) => n === to));
    expect(placed).toEqual(['+12125550313', '+12125550314', '+12125550312', '+12125550311']);
    expect((await h.ended(blockerUser, first.callId)).duration).toBe(1);
  });
});
