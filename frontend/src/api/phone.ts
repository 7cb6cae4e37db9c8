import type { CallerSharing, PhoneMessage, RequestInputOf, ResponseOf } from '@jarvis/contracts';
import { api, buildPath, type Api } from './routes';
import { callApi } from './client';

export type SmsDraftState = ResponseOf<Api['telephony']['smsDraft']>;
export type TextDraftInput = RequestInputOf<Api['chat']['draftMessage']>;

export type PhoneMessageStatus = PhoneMessage['status'];
/** What PUT /api/phone-messages/:id changes: the status or the notes. */
export type PhoneMessageChange = { status: PhoneMessageStatus } | { notes: string };

export async function getPhoneMessages(): Promise<PhoneMessage[]> {
  const body = await callApi(api.telephony.phoneMessages);
  return Array.isArray(body) ? body : [];
}

/**
 * PUT /api/phone-messages/:id with {status} or {notes}. The answer may be empty or not JSON, which counts as
 * success (doc2 §7): then it resolves with null.
 */
export async function updatePhoneMessage(
  id: string,
  change: PhoneMessageChange,
): Promise<PhoneMessage | null> {
  const body: unknown = await callApi(api.telephony.updatePhoneMessage, { id, ...change });
  return body && typeof body === 'object' && 'id' in body ? (body as PhoneMessage) : null;
}

/** The recording's audio (audio/mpeg, Range works), for an <audio> element: same origin, the session cookie goes. */
export function phoneMessageRecordingUrl(id: string): string {
  return buildPath(api.telephony.phoneMessageRecording.path, { id });
}

/** GET /api/phone-line: the user's number, or null without one. */
export function getPhoneLine() {
  return callApi(api.telephony.phoneLine);
}

/** POST /api/phone-line: claims one of the account's numbers, or buys a new one (premium) without a number. */
export function claimPhoneLine(phoneNumber?: string) {
  return callApi(api.telephony.claimPhoneLine, phoneNumber ? { phoneNumber } : {});
}

/** PUT /api/phone-line/sharing: the sharing switches given change, the others stay. */
export function updateCallerSharing(change: Partial<CallerSharing>) {
  return callApi(api.telephony.updateCallerSharing, change);
}

/** DELETE /api/phone-line. */
export async function releasePhoneLine(): Promise<void> {
  await callApi(api.telephony.releasePhoneLine);
}

/** GET /api/sms/draft: who the drafted text would go to. */
export function getSmsDraft(): Promise<SmsDraftState> {
  return callApi(api.telephony.smsDraft);
}

/** POST /api/sms/send {message}. */
export function sendSms(message: string) {
  return callApi(api.telephony.smsSend, { message });
}

/** POST /api/draft-message: a text message with the user's booking link written in. */
export function draftMessage(input: TextDraftInput) {
  return callApi(api.chat.draftMessage, input);
}
