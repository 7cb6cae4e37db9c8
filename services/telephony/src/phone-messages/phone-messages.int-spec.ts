import { api, ErrorKind } from '@jarvis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelephony, type TelephonyHarness } from '../testing/telephony-harness';

let h: TelephonyHarness;
beforeAll(async () => {
  h = await startTelephony('phone-messages');
});
afterAll(() => h?.close());

describe('phone messages', () => {
  it('lists the caller’s messages newest first and gets one', async () => {
    const alice = h.newUser();
    const first = await h.leaveVoicemail(alice, { transcript: 'First message' });
    const second = await h.leaveVoicemail(alice, { transcript: 'Second message' });
    expect((await h.call(api.telephony.phoneMessages, {}, alice)).map((m) => m.id)).toEqual([second.id, first.id]);
    expect(await h.call(api.telephony.phoneMessage, { id: first.id }, alice)).toMatchObject({ id: first.id, transcript: 'First message' });
  });

  it('updates the status and the notes', async () => {
    const alice = h.newUser();
    const message = await h.leaveVoicemail(alice);
    expect(await h.call(api.telephony.updatePhoneMessage, { id: message.id, status: 'read' }, alice)).toMatchObject({ status: 'read' });
    expect(await h.call(api.telephony.updatePhoneMessage, { id: message.id, notes: 'Called her back' }, alice)).toMatchObject({
      status: 'read', notes: 'Called her back',
    });
  });

  it('refuses an unknown status with a 4xx', async () => {
    const alice = h.newUser();
    const message = await h.leaveVoicemail(alice);
    await expect(h.call(api.telephony.updatePhoneMessage, { id: message.id, status: 'done' as never }, alice)).rejects.toThrow();
    expect((await h.failUnchecked(api.telephony.phoneMessage, { id: 'not-a-uuid' }, alice)).kind).toBe(ErrorKind.NotFound);
  });

  it('deletes a message', async () => {
    const alice = h.newUser();
    const message = await h.leaveVoicemail(alice);
    expect(await h.call(api.telephony.deletePhoneMessage, { id: message.id }, alice)).toEqual({ success: true });
    expect((await h.fail(api.telephony.phoneMessage, { id: message.id }, alice)).kind).toBe(ErrorKind.NotFound);
  });

  it('answers the recording as {contentType, base64}, fetched from Twilio with the account credentials', async () => {
    const alice = h.newUser();
    const audio = Buffer.from([0xff, 0xfb, 0x90, 0x64, 0x00, 0x01, 0x02, 0x03, 0xfe]);
    const message = await h.leaveVoicemail(alice, { audio });
    const reply = await h.call(api.telephony.phoneMessageRecording, { id: message.id }, alice);
    expect(reply).toEqual({ contentType: 'audio/mpeg', base64: audio.toString('base64') });
    expect(h.twilio.requests.at(-1)).toMatchObject({ method: 'GET', authorized: true });
    expect(JSON.stringify(await h.call(api.telephony.phoneMessage, { id: message.id }, alice))).not.toMatch(/twilio|RE[0-9a-f]{32}/i);
  });

  it('rejects another user’s message, notes, deletion and recording with 404', async () => {
    const alice = h.newUser();
    const mallory = h.newUser();
    const message = await h.leaveVoicemail(alice, { audio: Buffer.from('mp3') });
    expect(await h.call(api.telephony.phoneMessages, {}, mallory)).toEqual([]);
    expect((await h.fail(api.telephony.phoneMessage, { id: message.id }, mallory)).kind).toBe(ErrorKind.NotFound);
    expect((await h.fail(api.telephony.updatePhoneMessage, { id: message.id, status: 'archived' }, mallory)).kind).toBe(ErrorKind.NotFound);
    expect((await h.fail(api.telephony.deletePhoneMessage, { id: message.id }, mallory)).kind).toBe(ErrorKind.NotFound);
    expect((await h.fail(api.telephony.phoneMessageRecording, { id: message.id }, mallory)).kind).toBe(ErrorKind.NotFound);
    expect(await h.call(api.telephony.phoneMessage, { id: message.id }, alice)).toMatchObject({ status: 'new' });
  });
});
