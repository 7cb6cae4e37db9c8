import type { RequestInputOf } from '@jarvis/contracts';
import { api, buildPath, type Api } from './routes';
import { callApi } from './client';

type Telephony = Api['telephony'];

/** The five kinds of outbound call (doc3 §3) and the payload each sends. */
export interface OutboundCallPayloads {
  bill_collector: RequestInputOf<Telephony['billCollectorCall']>;
  appointment: RequestInputOf<Telephony['appointmentCall']>;
  spam_block: RequestInputOf<Telephony['spamBlockCall']>;
  follow_up: RequestInputOf<Telephony['followUpCall']>;
  missed_call: RequestInputOf<Telephony['missedCallReturn']>;
}
export type OutboundCallKind = keyof OutboundCallPayloads;
export type OutboundCallRequest = {
  [K in OutboundCallKind]: { kind: K; payload: OutboundCallPayloads[K] };
}[OutboundCallKind];

export type ScenarioInput = RequestInputOf<Telephony['createScenario']>;

/** POST /api/proactive-call/<kind>: queues the call; the server checks the plan and the month's allowance. */
export function queueOutboundCall(request: OutboundCallRequest) {
  switch (request.kind) {
    case 'bill_collector':
      return callApi(api.telephony.billCollectorCall, request.payload);
    case 'appointment':
      return callApi(api.telephony.appointmentCall, request.payload);
    case 'spam_block':
      return callApi(api.telephony.spamBlockCall, request.payload);
    case 'follow_up':
      return callApi(api.telephony.followUpCall, request.payload);
    case 'missed_call':
      return callApi(api.telephony.missedCallReturn, request.payload);
  }
}

/** The call's recording for an <audio> element: same origin, so the session cookie goes; Range works. */
export function callLogRecordingUrl(id: string): string {
  return buildPath(api.telephony.callRecording.path, { id });
}
