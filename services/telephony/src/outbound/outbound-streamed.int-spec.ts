import { api } from '@jarvis/contracts';
import { FAKE_AUTH_TOKEN, type FakeCall, type RealtimeFake } from '@jarvis/testing/fakes';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOUND_FAREWELL, OUTCOMES } from './outbound.constants';
import { type OutboundHarness, startOutbound } from '../testing/outbound-harness';
import { openMediaStream, realtimeEnv, startRealtime, utterance } from '../testing/streamed-calls';

let h: OutboundHarness;
let realtime: RealtimeFake;

beforeAll(async () => {
  realtime = await startRealtime();
  h = await startOutbound('outbound-streamed', realtimeEnv(realtime));
  // The callee's phone is played by the test: Twilio's fake places the call and waits.
  h.twilio.callScript = () => ({ outcome: 'hold' });
}, 60_000);
afterAll(async () => {
  await h?.close();
  await realtime?.close();
});

/** Twilio fetching the call's TwiML once someone answered, signed as Twilio signs it. */
async function answered(call: FakeCall): Promise<string> {
  await h.callStatus(call, 'in-progress');
  const params = { CallSid: call.sid, From: call.from, To: call.to, CallStatus: 'in-progress' };
  const reply = await h.twilio.deliver(call.url, params, twilio.getExpectedTwilioSignature(FAKE_AUTH_TOKEN, call.url, params));
  return reply.body;
}

describe('an outbound call with OPENAI_REALTIME_MODEL set', () => {
  it('is a stream whose assistant reports the outcome, saved on the call log, and hangs up with end_call', async () => {
    const user = h.premium();
    const to = '+12125557070';
    const { callId } = await h.call(api.telephony.appointmentCall, { phoneNumber: to, appointmentType: 'Dentist', location: 'Main St' }, user);
    const placed = await h.waitFor(() => h.placedTo(to)[0], { timeoutMs: 15_000, message: 'the call placed' });
    const twiml = await answered(placed);
    expect(twiml).toContain('<Stream url="wss://jarvis.test/webhooks/telephony/media">');

    const call = await openMediaStream(h, placed.sid);
    await h.waitFor(() => realtime.sessions.at(-1)?.responses[0]?.status === 'completed', { message: 'the opening said' });
    const session = realtime.sessions.at(-1)!;
    const { tools, instructions } = session.events.find((e) => e.type === 'session.update').session;
    expect(tools.map((t: { name: string }) => t.name)).toEqual(['report_outcome', 'end_call']);
    expect(tools[0].parameters.properties.result.enum).toEqual([...OUTCOMES.appointment]);
    expect(instructions).toContain('You are calling to remind the person of an appointment');
    // The opening (the kind's script with the request's fields, as no chat model answers here) is said first.
    expect(session.events.find((e) => e.type === 'response.create').response.instructions).toContain('to remind you of your Dentist appointment at Main St');

    realtime.turns.push({
      transcript: 'Yes, I will be there at nine.',
      reply: 'Wonderful, see you then.',
      call: { name: 'report_outcome', arguments: { result: 'confirmed', details: 'Will be there at nine' } },
    });
    await call.speak(utterance(), 0);
    await h.waitFor(() => session.functionOutputs.length === 1 && session.responses.some((r) => r.text === realtime.followUp && r.status === 'completed') && !call.playing);
    // A result the kind does not have is refused, and the model is told.
    realtime.turns.push({ transcript: 'Actually maybe.', call: { name: 'report_outcome', arguments: { result: 'maybe' } } });
    await call.speak(utterance(), 0);
    await h.waitFor(() => session.functionOutputs.length === 2);
    expect(JSON.parse(session.functionOutputs[1].output)).toMatchObject({ ok: false });
    // The model is asked to go on after the refusal: its answer is heard before the person says goodbye.
    await h.waitFor(() => session.responses.filter((r) => r.text === realtime.followUp && r.status === 'completed').length === 2 && !call.playing);

    realtime.turns.push({ transcript: 'Bye now.', reply: OUTBOUND_FAREWELL, call: { name: 'end_call', arguments: {} } });
    await call.speak(utterance(), 0);
    await h.waitFor(() => placed.hungUp, { message: 'the call completed at Twilio' });
    call.hangUp();
    await call.closed;
    await h.callStatus(placed, 'completed', { CallDuration: '31' });
    const ended = await h.ended(user, callId);
    expect(ended).toMatchObject({ status: 'completed', duration: 31, outcome: { result: 'confirmed', details: 'Will be there at nine' } });
    expect(ended.transcript).toContain('Caller: Yes, I will be there at nine.');
    expect(ended.transcript).toContain(`Jarvis: ${OUTBOUND_FAREWELL}`);
  });
});
