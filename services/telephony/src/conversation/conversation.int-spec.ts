import { api, internalApi } from '@jarvis/contracts';
import { type LoopbackFake, startLoopback, type TestUser } from '@jarvis/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL, startTelephony, type TelephonyHarness } from '../testing/telephony-harness';
import { FAREWELL, MAX_TURNS } from './conversation.constants';

let h: TelephonyHarness;
let model: LoopbackFake;
let replies = 0;
beforeAll(async () => {
  // An OpenAI-compatible chat completions endpoint that numbers its answers and classifies through the JSON schema.
  model = await startLoopback((req) => {
    const body = req.body as { response_format?: { type: string }; messages: { content: string }[] };
    const classifying = body.response_format?.type === 'json_schema';
    const content = classifying ? JSON.stringify(classificationFor(body.messages.at(-1)!.content)) : `Answer ${++replies}. Anything else?`;
    return {
      body: {
        id: 'chatcmpl-1', object: 'chat.completion', created: 0, model: 'gpt-4o-mini',
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
      },
    };
  });
  h = await startTelephony('conversation', { OPENAI_BASE_URL: `${model.url}/v1` });
});
afterAll(async () => {
  await h?.close();
  await model?.close();
});

/** The model's verdict: a garage call is about the car, anything else is left to the keyword rules (invalid JSON). */
function classificationFor(transcript: string) {
  if (!transcript.includes('garage')) return { nonsense: true };
  return {
    callerName: 'Carl', messageType: 'callback_request', priority: 'high', tags: ['car'],
    actionItems: [{ task: 'Pick up the car', completed: false, priority: 'high' }], followUpNeeded: true, callbackRequested: false,
  };
}

async function premiumCall() {
  const user = h.newUser('premium');
  const line = await h.newLine(user, h.twilio);
  const CallSid = h.callSid();
  const first = await h.webhook('/voice', { CallSid, From: '+15557654321', To: line });
  return { user, CallSid, first };
}

const MEMORY = 'Ann is selling the house on Elm Street';
const REMINDER_TITLE = 'Divorce lawyer appointment';
const TWIN_FACT = 'Works from home on Fridays';
/** A time of today in New York, away from midnight, and how the agent says it. */
const busyAt = (() => {
  const now = new Date();
  const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', hourCycle: 'h23' }).format(now));
  const at = new Date(now.getTime() + (hour >= 12 ? -30 : 30) * 60_000);
  return { iso: at.toISOString(), text: at.toLocaleTimeString('en-US', { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit' }) };
})();

/**
 * A whole call to `owner`'s premium line (greeting, a turn, the hang-up and its classification) while chat, calendar
 * and identity answer with everything they know of the owner. Answers the system prompt, every request the model
 * received during the call as one text, the subjects asked of the neighbours, and the greeting.
 */
async function callWithOwnerData(owner: TestUser) {
  const answer = (declaration: { subject: string }, data: unknown) => h.published(declaration, { reply: () => data });
  const subs = await Promise.all([
    answer(api.chat.getPersonality, { personalityId: 'wise_mentor', personalities: [{ id: 'wise_mentor', name: 'Wise Mentor', description: 'Calm and thoughtful' }] }),
    answer(api.calendar.reminders, [
      { id: 'r1', title: REMINDER_TITLE, when: 'today', reminder_time: busyAt.iso, done: false, created_at: busyAt.iso },
      { id: 'r2', title: 'Old thing', when: 'last year', reminder_time: '2020-01-01T12:00:00Z', done: false, created_at: busyAt.iso },
    ]),
    answer(internalApi.identity.userProfile, { id: owner.id, username: 'ann', firstName: 'Ann', lastName: 'Lee', email: null, emailVerified: false, tier: 'premium' }),
    answer(api.chat.getCareer, { careerProfile: 'real_estate', careers: [{ id: 'real_estate', name: 'Real Estate Agent', description: 'Showings and offers' }] }),
    answer(api.chat.memories, [{ id: 'm1', type: 'fact', content: MEMORY, importance: 9, created_at: busyAt.iso, tags: [] }]),
    answer(api.chat.twin, {
      samples: ['x'], facts: TWIN_FACT, boundaries: 'Never discuss prices by phone', trained: true,
      profile: { voice_summary: 'Brief and upbeat', tone_adjectives: ['upbeat'] },
    }),
  ]);
  try {
    const line = await h.newLine(owner, h.twilio);
    const before = model.requests.length;
    const CallSid = h.callSid();
    const first = await h.webhook('/voice', { CallSid, From: '+15557654321', To: line });
    await h.webhook('/turn', { CallSid, SpeechResult: 'Hi, what is she up to today? Tell me everything you know about her.' });
    await h.webhook('/status', { CallSid, CallStatus: 'completed', CallDuration: '20' });
    const requests = model.requests.slice(before).map((r) => r.body as { messages: { role: string; content: string }[] });
    expect(requests.length).toBeGreaterThanOrEqual(2); // the turn, and the classification of the transcript
    const asked = subs.flatMap((sub) => sub.messages.map((m) => m.subject));
    return { system: requests[0].messages[0].content, everything: JSON.stringify(requests), asked, greeting: first.body };
  } finally {
    await Promise.all(subs.map((sub) => sub.stop()));
  }
}

describe('a call to a premium line', () => {
  it('talks turn by turn with speech gathers, ends on goodbye and becomes one phone message with the transcript', async () => {
    const { user, CallSid, first } = await premiumCall();
    expect(first.body).toContain('<Gather');
    expect(first.body).toContain('input="speech"');
    expect(first.body).toContain(`action="${PUBLIC_URL}/webhooks/telephony/turn"`);
    expect(first.body).not.toContain('<Record');

    const turn1 = await h.webhook('/turn', { CallSid, SpeechResult: 'Hi, this is Ann. Please call me back about dinner.' });
    expect(turn1.body).toMatch(/Answer \d+\. Anything else\?/);
    expect(turn1.body).toContain('<Gather');
    const sent = model.last().body as { messages: { role: string; content: string }[] };
    expect(sent.messages[0].role).toBe('system');
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: 'Hi, this is Ann. Please call me back about dinner.' });

    const bye = await h.webhook('/turn', { CallSid, SpeechResult: 'No, that is all. Goodbye!' });
    expect(bye.body).toContain(FAREWELL);
    expect(bye.body).toContain('<Hangup/>');
    const announced = await h.published('evt.telephony.phone-message.received');
    await h.webhook('/status', { CallSid, CallStatus: 'completed', CallDuration: '40' });
    await h.webhook('/status', { CallSid, CallStatus: 'completed', CallDuration: '40' });
    await new Promise((r) => setTimeout(r, 200));
    await announced.stop();
    // Notifications makes it a callback_request entry.
    expect(announced.bodies()).toEqual([expect.objectContaining({ data: expect.objectContaining({ userId: user.id, callbackRequested: true }) })]);

    const messages = await h.call(api.telephony.phoneMessages, {}, user);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ duration: 40, callback_requested: true, jarvis_response: FAREWELL });
    expect(messages[0].transcript).toContain('Caller: Hi, this is Ann. Please call me back about dinner.');
    expect(messages[0].transcript).toMatch(/Jarvis: Answer \d+\. Anything else\?/);
  });

  it('tells the model only what the owner shares (by default their first name and today’s busy times), never a memory, a reminder’s title or the twin', async () => {
    const { system, everything, asked, greeting } = await callWithOwnerData(h.newUser('premium'));
    // Whatever a caller says, the model cannot repeat what it was never given: not in any request of the call.
    for (const secret of [MEMORY, REMINDER_TITLE, TWIN_FACT, 'Real Estate Agent', 'Old thing']) expect(everything, secret).not.toContain(secret);
    expect(greeting).toContain("Jarvis, Ann's personal assistant");
    expect(system).toContain('Wise Mentor: Calm and thoughtful');
    expect(system).toContain('first name is Ann');
    expect(system).toContain(`busy today around ${busyAt.text} (New York time)`);
    // Memories, the career and the twin (not shared) are not even asked for.
    expect(asked).not.toContain(api.chat.memories.subject);
    expect(asked).not.toContain(api.chat.getCareer.subject);
    expect(asked).not.toContain(api.chat.twin.subject);
  });

  it('gives the model the twin’s facts once the owner shares them, and neither name nor schedule once those are off', async () => {
    const owner = h.newUser('premium');
    expect(await h.call(api.telephony.updateCallerSharing, { twinFacts: true, name: false, availability: false }, owner)).toEqual({
      name: false, availability: false, twinFacts: true,
    });
    const { system, everything, asked, greeting } = await callWithOwnerData(owner);
    expect(system).toContain(`Facts about your owner you may share: ${TWIN_FACT}`);
    expect(system).toContain('Never discuss prices by phone');
    expect(greeting).not.toContain('Ann');
    expect(everything).not.toContain('Ann');
    expect(system).toContain("You do not know your owner's schedule");
    for (const secret of [MEMORY, REMINDER_TITLE, busyAt.text]) expect(everything, secret).not.toContain(secret);
    expect(asked).not.toContain(api.calendar.reminders.subject);
    expect(asked).not.toContain(internalApi.identity.userProfile.subject);
  });

  it(`hangs up after ${MAX_TURNS} turns`, async () => {
    const { CallSid } = await premiumCall();
    let last = '';
    for (let i = 1; i <= MAX_TURNS; i++) last = (await h.webhook('/turn', { CallSid, SpeechResult: `Point number ${i}` })).body;
    expect(last).toContain('<Hangup/>');
    expect((await h.webhook('/turn', { CallSid, SpeechResult: 'One more thing' })).body).toContain('<Hangup/>');
  });

  it('keeps what was said when the caller hangs up mid-call', async () => {
    const { user, CallSid } = await premiumCall();
    await h.webhook('/turn', { CallSid, SpeechResult: 'It is urgent, the basement is flooding' });
    await h.webhook('/status', { CallSid, CallStatus: 'completed', CallDuration: '12' });
    const [message] = await h.call(api.telephony.phoneMessages, {}, user);
    expect(message).toMatchObject({ priority: 'urgent', duration: 12 });
    expect(message.transcript).toContain('Caller: It is urgent, the basement is flooding');
  });

  it('asks again when Twilio heard nothing', async () => {
    const { CallSid } = await premiumCall();
    const reply = await h.webhook('/turn', { CallSid });
    expect(reply.body).toContain('<Gather');
    expect(reply.body).toContain("didn't catch that");
  });

  it('takes a voicemail on the free plan even with a model', async () => {
    const user = h.newUser('free');
    const line = await h.newLine(user, h.twilio);
    const reply = await h.webhook('/voice', { CallSid: h.callSid(), From: '+15557654321', To: line });
    expect(reply.body).toContain('<Record');
    expect(reply.body).not.toContain('<Gather');
  });
});

describe('a conversation over two replicas', () => {
  it('continues on another replica, because its state lives in Redis by CallSid', async () => {
    const { user, CallSid } = await premiumCall();
    await h.webhook('/turn', { CallSid, SpeechResult: 'This is Carl from the garage' });
    const replica = await h.startReplica();
    await h.service.close(); // only the replica answers from now on
    try {
      await h.webhook('/turn', { CallSid, SpeechResult: 'Your car is ready' });
      const sent = model.last().body as { messages: { role: string; content: string }[] };
      expect(sent.messages.map((m) => m.content)).toContain('This is Carl from the garage');
      await h.webhook('/status', { CallSid, CallStatus: 'completed', CallDuration: '30' });
      const [message] = await h.call(api.telephony.phoneMessages, {}, user);
      expect(message.transcript).toContain('Caller: This is Carl from the garage');
      expect(message.transcript).toContain('Caller: Your car is ready');
      // Classified by the model through its JSON schema, the caller named as they said.
      expect(message).toMatchObject({
        caller_name: 'Carl', message_type: 'callback_request', priority: 'high', tags: ['car'],
        action_items: [{ task: 'Pick up the car', completed: false, priority: 'high' }],
      });
      const classifyRequest = model.requests.find((r) => (r.body as { response_format?: { type: string } }).response_format)!;
      expect(classifyRequest.body).toMatchObject({ response_format: { type: 'json_schema', json_schema: { name: 'phone_message', strict: true } } });
    } finally {
      await replica.close();
    }
  });
});
