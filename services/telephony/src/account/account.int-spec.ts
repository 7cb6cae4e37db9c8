import { randomUUID } from 'node:crypto';
import { api, type EventEnvelope, internalApi, QUEUES } from '@jarvis/contracts';
import { EventBus, JobQueue } from '@jarvis/platform';
import { rowsHoldingUser, type TestUser } from '@jarvis/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billCollector, type OutboundHarness, startOutbound } from '../testing/outbound-harness';

let h: OutboundHarness;
let reports: { bodies(): { data: { userId: string; service: string } }[] };
let numbers = 0;

beforeAll(async () => {
  h = await startOutbound('telaccount');
  reports = await h.published(internalApi.identity.reportAccountErased, { reply: () => ({ recorded: true }) });
});
afterAll(() => h?.close());

const archiveKey = () => randomUUID().replace(/-/g, '').padEnd(64, '0');
const VOICEMAIL_AUDIO = Buffer.from('ID3 voicemail audio');
const CALL_AUDIO = Buffer.from('ID3 call audio');

/**
 * A premium user with a number bought for them, a voicemail on it (recorded), a contact, a finished outbound call
 * (recorded), a scheduled scenario and caller sharing changed.
 */
async function filledUser(): Promise<{ user: TestUser; line: string; messageRecording: string }> {
  const user = h.premium();
  const available = `+1500555${String(7000 + ++numbers).padStart(4, '0')}`;
  h.twilio.available.push(available);
  const { phoneNumber: line } = await h.call(api.telephony.claimPhoneLine, {}, user);
  const CallSid = h.callSid();
  const messageRecording = h.recordingSid();
  h.twilio.recordings.set(messageRecording, VOICEMAIL_AUDIO);
  await h.webhook('/voice', { CallSid, From: '+15557654321', To: line });
  await h.webhook('/recording', { CallSid, RecordingSid: messageRecording, RecordingStatus: 'completed', RecordingDuration: '7' });
  await h.webhook('/transcription', { CallSid, TranscriptionStatus: 'completed', TranscriptionText: 'Please call me back about the lease' });
  await h.webhook('/status', { CallSid, CallStatus: 'completed', CallDuration: '9' });
  await h.call(api.telephony.createContact, { name: 'Ann Lee', phone_number: '+12125559876', email: 'ann@example.com' }, user);
  const to = `+1212555${String(3000 + numbers).padStart(4, '0')}`;
  h.twilio.callScript = (call) => (call.to === to ? { outcome: 'answer', duration: 40, recording: CALL_AUDIO } : { outcome: 'answer', duration: 30 });
  const { callId } = await h.call(api.telephony.billCollectorCall, billCollector({ phoneNumber: to }), user);
  await h.ended(user, callId);
  await h.call(api.telephony.createScenario, {
    name: 'Morning', scenario_type: 'good_morning', message_template: 'Good morning!', target_phone_number: '+12125550123',
    schedule_enabled: true, schedule_cron: '0 8 * * *',
  }, user);
  await h.call(api.telephony.updateCallerSharing, { name: false, availability: true, twinFacts: true }, user);
  return { user, line, messageRecording };
}

describe("telephony's part of an account archive", () => {
  it('exports contacts, phone messages with transcripts, call logs, scenarios and the line, and the recordings Twilio holds', async () => {
    const { user, line, messageRecording } = await filledUser();
    const part = await h.call(internalApi.telephony.accountExport, {}, user);
    const { files } = part;
    expect(files['contacts.json']).toEqual([expect.objectContaining({ name: 'Ann Lee', phoneNumber: '+12125559876', email: 'ann@example.com' })]);
    expect(files['phone-messages.json']).toEqual([
      expect.objectContaining({ transcript: 'Please call me back about the lease', callerNumber: '+15557654321', recording: `recordings/${messageRecording}.mp3` }),
    ]);
    expect(files['call-logs.json']).toEqual([expect.objectContaining({ status: 'completed', scenario: 'bill_collector', recording: expect.stringMatching(/^recordings\/RE\w+\.mp3$/) })]);
    expect(files['call-scenarios.json']).toEqual([expect.objectContaining({ name: 'Morning', scheduleEnabled: true, scheduleCron: '0 8 * * *' })]);
    expect(files['phone-line.json']).toEqual({
      line: { phoneNumber: line, purchased: true, createdAt: expect.any(String) },
      callerSharing: { shareName: false, shareAvailability: true, shareTwinFacts: true },
    });
    expect(JSON.stringify(files)).not.toMatch(/twilioSid|PN0|sourceSid|callSid/);
    expect(part.attachments.map((a) => a.path).sort()).toEqual([...files['phone-messages.json'], ...files['call-logs.json']].map((r) => r.recording).sort());

    const voicemail = await h.call(internalApi.telephony.accountExportAttachment, { ref: messageRecording }, user);
    expect(Buffer.from(voicemail!.base64, 'base64')).toEqual(VOICEMAIL_AUDIO);
    // Another user cannot have it; a recording Twilio no longer holds is none.
    expect(await h.call(internalApi.telephony.accountExportAttachment, { ref: messageRecording }, h.premium())).toBeNull();
    h.twilio.recordings.delete(messageRecording);
    expect(await h.call(internalApi.telephony.accountExportAttachment, { ref: messageRecording }, user)).toBeNull();
  });

  it('imports into another account: new ids, scenarios remapped and scheduled, the line and recordings staying here, once per archive', async () => {
    const { user } = await filledUser();
    const { files } = await h.call(internalApi.telephony.accountExport, {}, user);
    const bob = h.premium();
    const key = archiveKey();
    expect(await h.call(internalApi.telephony.accountImport, { archiveKey: key, files }, bob)).toEqual({
      imported: true, counts: { 'contacts.json': 1, 'phone-messages.json': 1, 'call-logs.json': 1, 'call-scenarios.json': 1, 'phone-line.json': 1 },
    });
    const [message] = await h.call(api.telephony.phoneMessages, {}, bob);
    expect(message).toMatchObject({ transcript: 'Please call me back about the lease', recording_url: null });
    expect(message.id).not.toBe(files['phone-messages.json'][0].id);
    expect((await h.call(api.telephony.contacts, {}, bob)).map((c) => c.name)).toEqual(['Ann Lee']);
    const [scenario] = (await h.call(api.telephony.scenarios, {}, bob)).scenarios;
    expect(scenario).toMatchObject({ name: 'Morning', schedule_enabled: true });
    const schedulers = await h.get(JobQueue).queue(QUEUES.callScenarios).getJobSchedulers();
    expect(schedulers.map((s) => s.key)).toContain(`scenario-${scenario.id}`);
    expect(await h.call(api.telephony.phoneLine, {}, bob)).toMatchObject({ phoneNumber: null });
    const again = (await h.call(internalApi.telephony.accountExport, {}, bob)).files;
    expect(again['phone-line.json'].callerSharing).toEqual({ shareName: false, shareAvailability: true, shareTwinFacts: true });
    expect(again['call-logs.json']).toEqual([expect.objectContaining({ status: 'completed', recording: null })]);

    expect(await h.call(internalApi.telephony.accountImport, { archiveKey: key, files }, bob)).toEqual({ imported: false, counts: {} });
    expect(await h.call(api.telephony.phoneMessages, {}, bob)).toHaveLength(1);
  });

  it('erases a deleted account: the bought number released and every recording deleted at Twilio once, schedules and rows gone', async () => {
    const { user } = await filledUser();
    const other = await filledUser();
    const { files, attachments } = await h.call(internalApi.telephony.accountExport, {}, user);
    const [scenario] = (await h.call(api.telephony.scenarios, {}, user)).scenarios;
    const lineSid = h.twilio.numbers.find((n) => n.phoneNumber === files['phone-line.json'].line!.phoneNumber)!.sid;
    const eventId = `account-deleted-${randomUUID()}`;
    await h.get(EventBus).publish('evt.identity.account.deleted', { userId: user.id }, eventId);

    await h.waitFor(() => reports.bodies().some((b) => b.data.userId === user.id && b.data.service === 'telephony'));
    expect(await rowsHoldingUser(h.dataSource, user.id, ['telephony'])).toEqual({});
    expect(h.twilio.released.filter((sid) => sid === lineSid)).toHaveLength(1);
    for (const { ref } of attachments) expect(h.twilio.deletedRecordings.filter((sid) => sid === ref)).toHaveLength(1);
    const schedulers = await h.get(JobQueue).queue(QUEUES.callScenarios).getJobSchedulers();
    expect(schedulers.map((s) => s.key)).not.toContain(`scenario-${scenario.id}`);
    expect(await h.call(api.telephony.phoneMessages, {}, other.user)).toHaveLength(1);

    const envelope: EventEnvelope<'evt.identity.account.deleted'> = { id: eventId, name: 'evt.identity.account.deleted', occurredAt: new Date().toISOString(), data: { userId: user.id } };
    await h.nc.jetstream().publish(`${h.env.natsPrefix}evt.identity.account.deleted`, JSON.stringify(envelope), { msgID: randomUUID() });
    expect(await h.call(internalApi.telephony.accountErase, { userId: user.id }, null)).toEqual({ done: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(reports.bodies().filter((b) => b.data.userId === user.id)).toHaveLength(1);
    expect(h.twilio.released.filter((sid) => sid === lineSid)).toHaveLength(1);
    for (const { ref } of attachments) expect(h.twilio.deletedRecordings.filter((sid) => sid === ref)).toHaveLength(1);
  });
});
