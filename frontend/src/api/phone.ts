import type { PhoneMessage, RequestInputOf, ResponseOf } from '@jarvis/contracts';
import { api, type Api } from './routes';
import { callApi } from './client';

export type SmsDraftState = ResponseOf<Api['telephony']['smsDraft']>;
export type TextDraftInput = RequestInputOf<Api['chat']['draftMessage']>;

export async function getPhoneMessages(): Promise<PhoneMessage[]> {
  const body = await callApi(api.telephony.phoneMessages);
  return Array.isArray(body) ? body : [];
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
