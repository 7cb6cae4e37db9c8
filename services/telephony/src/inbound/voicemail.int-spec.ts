import { api, type PhoneMessage } from '@jarvis/contracts';
import { VOICEMAIL_GREETINGS } from '../owner/greetings.constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL, startTelephony, type TelephonyHarness } from '../testing/telephony-harness';
import { MAX_RECORDING_SECONDS, NOT_IN_SERVICE, VOICEMAIL_GREETING } from './inbound.constants';

let h: TelephonyHarness;
beforeAll(async () => {
  h = await startTelephony('voicemail');
});
afterAll(() => h?.close());

/** A user with a line of their own, claimed through the endpoint. */
async function userWithLine() {
  const user = h.newUser();
  const phoneNumber = await h.newLine(user, h.twilio);
  return { user, phoneNumber };
}

/** What is published on `subject` while `run` runs, and in the moment after. */
async function publishedDuring(subject: string, run: () => Promise<unknown>, settleMs = 300) {
  const heard = await h.published(subject);
  await run();
  await new Promise((r) => setTimeout(r, settleMs));
  await heard.stop();
  return heard.messages;
}

describe('a call to a phone line on the free plan', () => {
  it('greets, records up to 2 minutes with transcription, and ends as one phone message announced live and as an event', async () => {
    const { user, phoneNumber } = await userWithLine();
    const CallSid = h.callSid();
    const RecordingSid = h.recordingSid();
    const live = await publishedDuring(`live.${user.id}.phone-messages`, async () => {
      const twiml = await h.webhook('/voice', { CallSid, From: '+15557654321', To: phoneNumber, CallStatus: 'ringing' });
      expect(twiml.status).toBe(200);
      expect(twiml.body).toContain('<Say>');
      expect(twiml.body).toContain(`maxLength="${MAX_RECORDING_SECONDS}"`);
      expect(twiml.body).toContain('transcribe="true"');
      expect(twiml.body).toContain(`recordingStatusCallback="${PUBLIC_URL}/webhooks/telephony/recording"`);
      expect((await h.webhook('/voicemail-done', { CallSid, RecordingSid })).body).toContain('<Hangup/>');
      await h.webhook('/recording', { CallSid, RecordingSid, RecordingStatus: 'completed', RecordingDuration: '14' });
      await h.webhook('/transcription', { CallSid, TranscriptionStatus: 'completed', TranscriptionText: 'Hi, this is Ann, please call me back, it is urgent' });
      await h.webhook('/status', { CallSid, CallStatus: 'completed', CallDuration: '21' });
    });
    expect(live.length).toBeGreaterThan(0);
    const [message] = await h.call(api.telephony.phoneMessages, {}, user);
    expect(message).toMatchObject<Partial<PhoneMessage>>({
      caller_number: '+15557654321', status: 'new', priority: 'urgent', message_type: 'urgent', duration: 21,
      transcript: 'Hi, this is Ann, please call me back, it is urgent', callback_requested: true, follow_up_needed: true,
      recording_url: `/api/phone-messages/${message.id}/recording`,
    });
  });

  it('keeps one message when Twilio retries and when the status callback comes before the recording', async () => {
    const { user, phoneNumber } = await userWithLine();
    const CallSid = h.callSid();
    const RecordingSid = h.recordingSid();
    const voice = { CallSid, From: '+15557654321', To: phoneNumber };
    await h.webhook('/voice', voice);
    await h.webhook('/voice', voice);
    await h.webhook('/status', { CallSid, CallStatus: 'completed', CallDuration: '9' });
    await h.webhook('/status', { CallSid, CallStatus: 'completed', CallDuration: '9' });
    await h.webhook('/recording', { CallSid, RecordingSid, RecordingStatus: 'completed', RecordingDuration: '5' });
    await h.webhook('/recording', { CallSid, RecordingSid, RecordingStatus: 'completed', RecordingDuration: '5' });
    const messages = await h.call(api.telephony.phoneMessages, {}, user);
    expect(messages).toHaveLength(1);
    expect(messages[0].recording_url).not.toBeNull();
  });

  it('publishes evt.telephony.phone-message.received once per call, keyed by CallSid', async () => {
    const { user, phoneNumber } = await userWithLine();
    const CallSid = h.callSid();
    const events = await publishedDuring('evt.telephony.phone-message.received', async () => {
      await h.webhook('/voice', { CallSid, From: '+15550000001', To: phoneNumber });
      await h.webhook('/status', { CallSid, CallStatus: 'completed', CallDuration: '3' });
      await h.webhook('/status', { CallSid, CallStatus: 'completed', CallDuration: '3' });
      await h.webhook('/recording', { CallSid, RecordingSid: h.recordingSid(), RecordingStatus: 'completed' });
    });
    const [message] = await h.call(api.telephony.phoneMessages, {}, user);
    expect(events).toHaveLength(1);
    expect(events[0].headers?.get('Nats-Msg-Id')).toBe(`phone-message:${CallSid}`);
    expect(JSON.stringify(events[0].body)).toContain(message.id);
  });

  it('greets in the owner’s personality, asked of chat with the owner’s context, or with the default greeting', async () => {
    const { user, phoneNumber } = await userWithLine();
    const personalities = [{ id: 'witty_sarcastic', name: 'Witty', description: 'Dry humour' }];
    const chat = await h.published<{ ctx: { userId: string } }>(api.chat.getPersonality, { reply: () => ({ personalityId: 'witty_sarcastic', personalities }) });
    try {
      const reply = await h.webhook('/voice', { CallSid: h.callSid(), From: '+15557654321', To: phoneNumber });
      expect(reply.body).toContain(VOICEMAIL_GREETINGS.witty_sarcastic);
      expect(chat.bodies().map((request) => request.ctx.userId)).toEqual([user.id]);
    } finally {
      await chat.stop();
    }
    const plain = await h.webhook('/voice', { CallSid: h.callSid(), From: '+15557654321', To: phoneNumber });
    expect(plain.body).toContain(VOICEMAIL_GREETING);
  });

  it('gives a number of nobody a short apology and a hang-up, and keeps nothing', async () => {
    const CallSid = h.callSid();
    const reply = await h.webhook('/voice', { CallSid, From: '+15557654321', To: '+15559990000' });
    expect(reply.body).toContain(NOT_IN_SERVICE);
    expect(reply.body).toContain('<Hangup/>');
    await h.webhook('/status', { CallSid, CallStatus: 'completed', CallDuration: '2' });
    const rows = await h.dataSource.query(`SELECT 1 FROM telephony.phone_messages WHERE source_sid = $1`, [CallSid]);
    expect(rows).toHaveLength(0);
  });

  it('answers 403 to a wrong or missing signature and changes nothing', async () => {
    const { user, phoneNumber } = await userWithLine();
    const CallSid = h.callSid();
    expect((await h.webhook('/voice', { CallSid, From: '+15557654321', To: phoneNumber }, 'bm90IGEgc2lnbmF0dXJl')).status).toBe(403);
    expect((await h.webhook('/voice', { CallSid, From: '+15557654321', To: phoneNumber }, null)).status).toBe(403);
    expect((await h.webhook('/status', { CallSid, CallStatus: 'completed' }, 'bm90IGEgc2lnbmF0dXJl')).status).toBe(403);
    const calls = await h.dataSource.query(`SELECT 1 FROM telephony.inbound_calls WHERE call_sid = $1`, [CallSid]);
    expect(calls).toHaveLength(0);
    expect(await h.call(api.telephony.phoneMessages, {}, user)).toEqual([]);
  });
});
