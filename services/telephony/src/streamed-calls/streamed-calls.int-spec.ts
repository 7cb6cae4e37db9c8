import { api, internalApi } from '@jarvis/contracts';
import { AudioStreamRefusedError } from '@jarvis/platform';
import { scrapeMetrics, type TestUser } from '@jarvis/testing';
import type { RealtimeFake, TwilioMediaCall } from '@jarvis/testing/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAREWELL, MAX_TURNS } from '../conversation/conversation.constants';
import { openMediaStream, realtimeEnv, REALTIME_KEY, startRealtime, utterance } from '../testing/streamed-calls';
import { PUBLIC_URL, startTelephony, type TelephonyHarness } from '../testing/telephony-harness';
import { LIMIT_REACHED, MARK_EVERY_MS } from './streamed-calls.constants';

let h: TelephonyHarness;
let realtime: RealtimeFake;

beforeAll(async () => {
  realtime = await startRealtime();
  h = await startTelephony('streamed-calls', realtimeEnv(realtime));
}, 60_000);
afterAll(async () => {
  await h?.close();
  await realtime?.close();
});

const GREETING = "Hi, you've reached Jarvis, the personal assistant. How can I help you today?";

/** A premium call ringing on `owner`'s line: its CallSid and the TwiML Twilio got. */
async function ring(owner: TestUser = h.newUser('premium'), from = '+15557654321') {
  const line = await h.newLine(owner, h.twilio);
  const CallSid = h.callSid();
  const reply = await h.webhook('/voice', { CallSid, From: from, To: line });
  return { owner, CallSid, twiml: reply.body };
}

/** The fake's session of the call that opened last. */
const lastSession = () => realtime.sessions.at(-1)!;

/** Waits until the greeting (or any answer) reached the phone, played or not. */
const heardSomething = (call: TwilioMediaCall) => h.waitFor(() => call.media.length > 0, { message: 'audio on the line' });

/** Twilio asking what follows once the stream ended (`<Connect action>`), then reporting the call's end. */
async function afterStream(CallSid: string) {
  const next = await h.webhook('/media/ended', { CallSid, CallStatus: 'in-progress' });
  await h.webhook('/status', { CallSid, CallStatus: 'completed', CallDuration: '42' });
  return next.body;
}

const messagesOf = async (owner: TestUser, CallSid: string) => {
  const rows = await h.dataSource.query(`SELECT id FROM telephony.phone_messages WHERE source_sid = $1`, [CallSid]);
  return { rows, list: await h.call(api.telephony.phoneMessages, {}, owner) };
};

describe('a premium call with OPENAI_REALTIME_MODEL set', () => {
  it('is answered with <Connect><Stream> to the wss:// media URL, the call\'s identity as parameters, and the end of the stream asked back', async () => {
    const { CallSid, twiml } = await ring();
    expect(twiml).toContain(`<Connect action="${PUBLIC_URL}/webhooks/telephony/media/ended" method="POST">`);
    expect(twiml).toContain('<Stream url="wss://jarvis.test/webhooks/telephony/media">');
    expect(twiml).toContain(`<Parameter name="callSid" value="${CallSid}"/>`);
    expect(twiml).not.toContain('<Gather');
  });

  it('leaves a free line\'s caller to voicemail, as before', async () => {
    const { twiml } = await ring(h.newUser('free'));
    expect(twiml).toContain('<Record');
    expect(twiml).not.toContain('<Connect');
  });

  it('bridges the stream to the Realtime model: the session as a phone call needs it, the greeting, caller audio in, the answer out as it comes with marks after it', async () => {
    const { CallSid } = await ring();
    const call = await openMediaStream(h, CallSid);
    await heardSomething(call);
    const session = lastSession();
    expect(session.model).toBe('gpt-realtime');
    expect(session.authorization).toBe(`Bearer ${REALTIME_KEY}`);
    const update = session.events.find((e) => e.type === 'session.update');
    expect(update.session).toMatchObject({
      type: 'realtime',
      output_modalities: ['audio'],
      audio: {
        input: { format: { type: 'audio/pcmu' }, transcription: { model: expect.any(String) }, turn_detection: { type: 'server_vad' } },
        output: { format: { type: 'audio/pcmu' } },
      },
    });
    expect(update.session.instructions).toContain("You are Jarvis, a personal assistant answering your owner's phone.");
    expect(update.session.tools.map((t: { name: string }) => t.name)).toEqual(['take_message', 'end_call']);
    // The greeting is the model's first answer, asked for word for word.
    expect(session.events.find((e) => e.type === 'response.create').response.instructions).toContain(GREETING);
    await h.waitFor(() => session.responses[0]?.status === 'completed' && !call.playing, { message: 'the greeting heard' });

    const before = session.appendedBytes;
    realtime.turns.push({ transcript: 'Is Ann around?', reply: 'She is out, can I take a message?' });
    await call.speak(utterance(), 0);
    await h.waitFor(() => session.responses.length === 2 && session.responses[1].status === 'completed', { message: 'the answer to the caller' });
    const deltas = session.responses.reduce((n, r) => n + r.deltas, 0);
    const sent = () => call.received.filter((m) => m.event === 'media' || m.event === 'mark');
    await h.waitFor(() => call.media.length === deltas && sent().at(-1)?.event === 'mark', { message: 'every delta and the last mark on the line' });
    // Every frame of the caller went to the model, as μ-law, undecoded.
    expect(session.appendedBytes - before).toBe(utterance().length);
    // Each delta went to Twilio for this stream as it came, a mark at most every MARK_EVERY_MS of audio...
    expect(call.foreign).toEqual([]);
    let unmarked = 0;
    for (const m of sent()) {
      unmarked = m.event === 'media' ? unmarked + 20 : 0;
      expect(unmarked).toBeLessThanOrEqual(MARK_EVERY_MS + 20);
    }
    // ...and after the whole of each answer, naming how much of it was sent.
    const marks = call.events('mark').map((m) => m.mark.name);
    for (const response of session.responses) {
      expect(marks).toContain(`${response.itemId}|${Math.max(200, response.text.length * realtime.timing.msPerCharacter)}`);
    }
    call.hangUp();
    await call.closed;
    await afterStream(CallSid);
  });

  it('takes a voicemail by tool call: exactly one phone message for the CallSid, with what the caller left, completed at the call\'s end', async () => {
    const owner = h.newUser('premium');
    const { CallSid } = await ring(owner, '+15550001111');
    const call = await openMediaStream(h, CallSid);
    await heardSomething(call);
    await h.waitFor(() => lastSession().responses[0]?.status === 'completed' && !call.playing, { message: 'the greeting heard' });
    realtime.turns.push({
      transcript: 'This is Bob, please have Ann call me back at 555 222 3333 about the lease, it is urgent.',
      call: { name: 'take_message', arguments: { caller_name: 'Bob', callback_number: '+15552223333', message: 'Call back about the lease', urgency: 'urgent' } },
    });
    await call.speak(utterance(), 0);
    const { list } = await h.waitFor(async () => {
      const found = await messagesOf(owner, CallSid);
      return found.rows.length === 1 ? found : null;
    }, { message: 'the phone message of the tool call' });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      caller_name: 'Bob', caller_number: '+15550001111', priority: 'urgent', message_type: 'urgent', callback_requested: true,
      action_items: [{ task: 'Call back Bob at +15552223333: Call back about the lease', completed: false, priority: 'urgent' }],
    });
    // The model heard the tool's answer and went on speaking.
    const session = lastSession();
    await h.waitFor(() => session.functionOutputs.length === 1 && session.responses.some((r) => r.text === realtime.followUp && r.status === 'completed') && !call.playing);
    expect(JSON.parse(session.functionOutputs[0].output)).toEqual({ ok: true });

    call.hangUp();
    await call.closed;
    expect(await afterStream(CallSid)).toContain('<Hangup/>');
    const after = await messagesOf(owner, CallSid);
    expect(after.rows).toHaveLength(1);
    expect(after.list[0]).toMatchObject({ duration: 42, caller_name: 'Bob', priority: 'urgent' });
    // Both sides, from the Realtime transcription events.
    expect(after.list[0].transcript).toBe(
      [`Jarvis: ${GREETING}`, 'Caller: This is Bob, please have Ann call me back at 555 222 3333 about the lease, it is urgent.', `Jarvis: ${realtime.followUp}`].join('\n'),
    );
  });

  it('stops talking when the caller speaks over it: Twilio gets clear at once and the model\'s item is cut to what the caller heard', async () => {
    realtime.timing.msPerCharacter = 40; // a greeting of about 3 s
    try {
      const { CallSid } = await ring();
      const call = await openMediaStream(h, CallSid);
      // Part of the greeting was played (Twilio echoed its marks), the rest waits in Twilio's buffer.
      await h.waitFor(() => call.echoedMarks.length >= 10, { timeoutMs: 10_000, message: 'part of the greeting heard' });
      const session = lastSession();
      const greeting = session.responses[0];
      realtime.turns.push({ transcript: 'Sorry to interrupt', reply: 'No problem.' });
      const spoke = performance.now();
      await call.speak(utterance(), 0);
      await h.waitFor(() => session.truncations.length === 1, { message: 'the truncate' });
      expect(call.clears).toHaveLength(1);
      expect(call.clears[0] - spoke).toBeLessThan(500);
      // Cut where the caller stopped hearing it: at a mark Twilio echoed as played, no earlier than the last one echoed
      // before the caller spoke, no later than the last one played before the clear (echoes still in flight then).
      const played = call.echoedMarks.filter((m) => !m.cleared && m.name.startsWith(`${greeting.itemId}|`));
      const msOf = (mark: { name: string }) => Number(mark.name.split('|')[1]);
      const truncation = session.truncations[0];
      expect(truncation).toMatchObject({ item_id: greeting.itemId, content_index: 0 });
      expect(played.map(msOf)).toContain(truncation.audio_end_ms);
      expect(truncation.audio_end_ms).toBeGreaterThanOrEqual(msOf(played.filter((m) => m.at <= spoke).at(-1)!));
      expect(truncation.audio_end_ms).toBeLessThan(greeting.deltas * 20);
      // Nothing more of the greeting goes to Twilio once it was cleared (whatever the model was still sending).
      const cleared = call.received.findIndex((m) => m.event === 'clear');
      expect(call.received.slice(cleared).filter((m) => m.event === 'mark' && m.mark.name.startsWith(`${greeting.itemId}|`))).toEqual([]);
      // The answer to the interruption still reaches the caller.
      await h.waitFor(() => session.responses.length === 2 && session.responses[1].status === 'completed');
      call.hangUp();
      await call.closed;
      await afterStream(CallSid);
    } finally {
      realtime.timing.msPerCharacter = 4;
    }
  });

  it('ends the call with end_call: the goodbye is said, then the call is completed through Twilio\'s REST API', async () => {
    const { CallSid } = await ring();
    const call = await openMediaStream(h, CallSid);
    await heardSomething(call);
    realtime.turns.push({ transcript: "That's all, thanks", reply: 'Goodbye, have a nice day!', call: { name: 'end_call', arguments: {} } });
    await call.speak(utterance(), 0);
    const completed = await h.waitFor(
      () => h.twilio.requests.find((r) => r.method === 'POST' && r.path.endsWith(`/Calls/${CallSid}.json`) && r.form.get('Status') === 'completed'),
      { message: 'the call completed at Twilio' },
    );
    expect(completed.authorized).toBe(true);
    // Hung up only once the goodbye was heard: Twilio had echoed the mark after the whole of it as played.
    const session = lastSession();
    const goodbye = session.responses.find((r) => r.text === 'Goodbye, have a nice day!')!;
    const whole = `${goodbye.itemId}|${Math.max(200, goodbye.text.length * realtime.timing.msPerCharacter)}`;
    expect(call.echoedMarks.find((m) => m.name === whole)).toMatchObject({ cleared: false });
    call.hangUp();
    await call.closed;
    expect(await afterStream(CallSid)).toMatch(/<Response>\s*<Hangup\/>\s*<\/Response>/);
  });

  it(`ends after ${MAX_TURNS} turns, telling the caller why`, async () => {
    const { CallSid } = await ring();
    const call = await openMediaStream(h, CallSid);
    await heardSomething(call);
    const session = lastSession();
    await h.waitFor(() => session.responses[0]?.status === 'completed', { message: 'the greeting' });
    for (let turn = 1; turn <= MAX_TURNS; turn++) {
      realtime.turns.push({ transcript: `Question ${turn}`, reply: `Answer ${turn}` });
      await call.speak(utterance(), 0);
      await h.waitFor(() => session.responses.filter((r) => r.status === 'completed').length >= turn + 1, { message: `answer ${turn}` });
    }
    const last = await h.waitFor(() => session.responses.find((r) => r.text === `${LIMIT_REACHED} ${FAREWELL}`), { message: 'the limit said' });
    await h.waitFor(() => h.twilio.requests.some((r) => r.path.endsWith(`/Calls/${CallSid}.json`) && r.form.get('Status') === 'completed'));
    expect(last.status).toBe('completed');
    // The last words could not be interrupted: turn detection was off.
    expect(session.session.audio.input.turn_detection).toBeNull();
    call.hangUp();
    await call.closed;
    await afterStream(CallSid);
  });

  it('refuses a stream whose upgrade Twilio did not sign (403 before any WebSocket), bridging nothing', async () => {
    const { CallSid } = await ring();
    const sessions = realtime.sessions.length;
    const refused = await openMediaStream(h, CallSid, { signature: 'forged' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AudioStreamRefusedError);
    expect(refused).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(realtime.sessions.length).toBe(sessions);
  });

  it('goes on turn by turn, saying nothing of it to the caller, when the model cannot be reached within 3 s', async () => {
    const { CallSid } = await ring();
    realtime.stall = true;
    try {
      const fallbacks = async () => (await scrapeMetrics(h.service.metricsPort)).value('jarvis_streamed_call_fallbacks_total', { reason: 'unreachable' });
      const before = await fallbacks();
      const started = Date.now();
      const call = await openMediaStream(h, CallSid);
      const closed = await call.closed;
      expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(closed.code).toBe(1000);
      expect(call.media).toHaveLength(0);
      const next = await h.webhook('/media/ended', { CallSid, CallStatus: 'in-progress' });
      expect(next.body).toContain('<Gather');
      expect(next.body).toContain(GREETING);
      expect(next.body).not.toContain('trouble');
      expect(await fallbacks()).toBe(before + 1);
    } finally {
      realtime.stall = false;
    }
  });
});

describe('what a streamed call may know of its owner', () => {
  it('is what the turn-based engine knows: the persona and what the owner shares, never memories or reminder titles', async () => {
    const owner = h.newUser('premium');
    const answer = (declaration: { subject: string }, data: unknown) => h.published(declaration, { reply: () => data });
    const soon = new Date(Date.now() + 60_000).toISOString();
    await Promise.all([
      answer(api.chat.getPersonality, { personalityId: 'wise_mentor', personalities: [{ id: 'wise_mentor', name: 'Wise Mentor', description: 'Calm and thoughtful' }] }),
      answer(api.calendar.reminders, [{ id: 'r1', title: 'Divorce lawyer appointment', when: 'today', reminder_time: soon, done: false, created_at: soon }]),
      answer(internalApi.identity.userProfile, { id: owner.id, username: 'ann', firstName: 'Ann', lastName: 'Lee', email: null, emailVerified: false, tier: 'premium' }),
      answer(api.chat.memories, [{ id: 'm1', type: 'fact', content: 'Ann is selling the house on Elm Street', importance: 9, created_at: soon, tags: [] }]),
    ]);
    const { CallSid } = await ring(owner);
    const call = await openMediaStream(h, CallSid);
    await heardSomething(call);
    const { instructions } = lastSession().events.find((e) => e.type === 'session.update').session;
    expect(instructions).toContain("Your owner's first name is Ann.");
    expect(instructions).toContain('Speak in this personality: Wise Mentor: Calm and thoughtful.');
    expect(instructions).toMatch(/Your owner is busy today around/);
    expect(instructions).not.toContain('Elm Street');
    expect(instructions).not.toContain('Divorce');
    expect(lastSession().events.find((e) => e.type === 'response.create').response.instructions).toContain("Hi, you've reached Jarvis, Ann's personal assistant.");
    call.hangUp();
    await call.closed;
    await afterStream(CallSid);
  });
});
