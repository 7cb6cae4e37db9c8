import { api, type ChatMessage } from '@jarvis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelephony, type TelephonyHarness } from '../testing/telephony-harness';

let h: TelephonyHarness;
/** Each user's chat history, as the test plays chat's `chat.messages.list`. */
const histories = new Map<string, ChatMessage[]>();

beforeAll(async () => {
  h = await startTelephony('sms-drafts', { TWILIO_PHONE_NUMBER: '+15550008888' });
  await h.published<{ ctx: { userId: string } }>(api.chat.messages, { reply: ({ body }) => histories.get(body.ctx.userId) ?? [] });
});
afterAll(async () => {
  await h?.close();
});

function drafted(userId: string, message: string, context: string) {
  histories.set(userId, [
    { id: 'm1', role: 'user', content: 'text Ann', created_at: new Date().toISOString() },
    { id: 'm2', role: 'assistant', content: 'Here is a draft', created_at: new Date().toISOString(), actions: [{ type: 'draft_text_message', args: { message, context } }] },
  ]);
}

describe('the SMS draft card', () => {
  it('answers no draft when chat has none', async () => {
    expect(await h.call(api.telephony.smsDraft, {}, h.newUser())).toMatchObject({ hasDraft: false, hasValidPhone: false });
  });

  it('resolves the recipient named in the draft against the caller’s contacts and sends it from their line', async () => {
    const alice = h.newUser();
    const line = await h.newLine(alice, h.twilio);
    await h.call(api.telephony.createContact, { name: 'Ann Smith', phone_number: '+15551234567' }, alice);
    drafted(alice.id, 'Running late, see you at 7', 'for Ann about dinner');
    expect(await h.call(api.telephony.smsDraft, {}, alice)).toEqual({
      hasDraft: true, message: 'Running late, see you at 7', contactName: 'Ann Smith', recipientDisplay: 'Ann Smith ((555) 123-4567)',
      hasValidPhone: true, needsRecipientFix: false,
    });
    expect(await h.call(api.telephony.smsSend, { message: 'Running late, see you at 7:30' }, alice)).toEqual({ success: true });
    expect(h.twilio.sentMessages.at(-1)).toMatchObject({ from: line, to: '+15551234567', body: 'Running late, see you at 7:30' });
  });

  it('says Recipient not found when nobody in the contacts is named, and sends nothing', async () => {
    const bob = h.newUser();
    drafted(bob.id, 'Hi', 'for the plumber');
    expect(await h.call(api.telephony.smsDraft, {}, bob)).toMatchObject({ hasDraft: true, hasValidPhone: false, needsRecipientFix: true, recipientError: 'Recipient not found' });
    const sent = h.twilio.sentMessages.length;
    expect(await h.call(api.telephony.smsSend, { message: 'Hi' }, bob)).toEqual({ success: false, error: 'Recipient not found' });
    expect(h.twilio.sentMessages).toHaveLength(sent);
  });

  it('never resolves against another user’s contacts', async () => {
    const alice = h.newUser();
    const mallory = h.newUser();
    await h.call(api.telephony.createContact, { name: 'Zed', phone_number: '+15554443333' }, alice);
    drafted(mallory.id, 'Hi', 'for Zed');
    expect(await h.call(api.telephony.smsDraft, {}, mallory)).toMatchObject({ hasValidPhone: false });
  });

  it('refuses an empty message with a 4xx', async () => {
    await expect(h.call(api.telephony.smsSend, { message: '  ' }, h.newUser())).rejects.toThrow(/message is required/);
  });
});
