import type { PhoneMessage, ResponseOf } from '@jarvis/contracts';
import { api, buildPath, type Api } from './routes';

export type SmsDraftState = ResponseOf<Api['telephony']['smsDraft']>;

export type PhoneMessageStatus = PhoneMessage['status'];
/** What PUT /api/phone-messages/:id changes: the status or the notes. */
export type PhoneMessageChange = { status: PhoneMessageStatus } | { notes: string };

/** The recording's audio (audio/mpeg, Range works), for an <audio> element: same origin, the session cookie goes. */
export function phoneMessageRecordingUrl(id: string): string {
  return buildPath(api.telephony.phoneMessageRecording.path, { id });
}
