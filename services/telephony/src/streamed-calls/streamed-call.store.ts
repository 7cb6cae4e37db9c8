import { Injectable } from '@nestjs/common';
import { RedisConnection } from '@jarvis/platform';
import type { StartConversation } from '../conversation/conversation.engine';
import { STREAMED_CALL_TTL_SECONDS } from './streamed-calls.constants';

/** What a caller asked to be passed on (take_message). */
export interface TakenMessage {
  callerName: string | null;
  callbackNumber: string | null;
  message: string;
  urgency: 'urgent' | 'high' | 'normal' | 'low';
}

/** An outbound call's result as the assistant reported it (report_outcome). */
export interface ReportedOutcome {
  result: string;
  details: string | null;
}

/**
 * A streamed call, by CallSid: what the replica that takes its stream needs to speak for the owner (written when the
 * call was answered), and what the call has left so far (written as it goes), so whichever replica answers its later
 * webhooks (the end of the stream, the status callback) knows it. Only the open socket lives in one process.
 */
export interface StreamedCall {
  callSid: string;
  userId: string;
  kind: 'inbound' | 'outbound';
  /** The outbound call's log. */
  callLogId?: string;
  /** Who called (inbound): the phone message's number. */
  fromNumber?: string;
  /** The Realtime session's instructions: the persona and shared context, then how to use the tools. */
  instructions: string;
  greeting: string;
  farewell: string;
  /** The results report_outcome may give (outbound). */
  outcomes?: readonly string[];
  /** The owner's cloned voice (ElevenLabs voice id) when it is on: the model writes, ElevenLabs speaks. */
  ownerVoiceId: string | null;
  /** The same call turn by turn, when the model cannot be reached. */
  conversation: StartConversation;
  /**
   * answered: TwiML sent, no stream yet; streaming: a replica holds it; fallback: it went on turn by turn; ending: the
   * assistant is saying goodbye; ended: hung up by us or by the caller.
   */
  phase: 'answered' | 'streaming' | 'fallback' | 'ending' | 'ended';
  /** When the stream started (ms since epoch): the 5-minute limit counts from here. */
  startedAt?: number;
  /** The conversation in order, both sides (from the Realtime transcription events). */
  lines: { who: 'caller' | 'jarvis'; text: string }[];
  /** The caller's turns so far. */
  turns: number;
  message?: TakenMessage;
  outcome?: ReportedOutcome;
}

/** What a finished streamed call leaves for its phone message or call log. */
export interface StreamedCallSummary {
  transcript: string;
  jarvisResponse: string | null;
  turns: number;
  message?: TakenMessage;
  outcome?: ReportedOutcome;
}

/**
 * A Redis hash per call: `state` (the call, as JSON) and `phase` apart, so the phase moves in one atomic step whoever
 * moves it (the replica holding the stream, or another answering a webhook) and saving the transcript never undoes it.
 */
@Injectable()
export class StreamedCallStore {
  constructor(private readonly redis: RedisConnection) {}

  private key(callSid: string) {
    return this.redis.key('telephony', 'streamed-call', callSid);
  }

  async get(callSid: string): Promise<StreamedCall | null> {
    const [state, phase] = await this.redis.client.hmget(this.key(callSid), 'state', 'phase');
    return state ? { ...(JSON.parse(state) as StreamedCall), phase: (phase ?? 'answered') as StreamedCall['phase'] } : null;
  }

  /** Stores the call unless it has a state already (a retried webhook keeps the call as it is). */
  async create(call: StreamedCall): Promise<StreamedCall> {
    const { phase, ...state } = call;
    const key = this.key(call.callSid);
    const created = await this.redis.client.hsetnx(key, 'state', JSON.stringify(state));
    if (!created) return (await this.get(call.callSid)) ?? call;
    await this.redis.client.multi().hset(key, 'phase', phase).expire(key, STREAMED_CALL_TTL_SECONDS).exec();
    return call;
  }

  /** Saves what the call has left so far (its phase moves only with `move`). */
  async save(call: StreamedCall): Promise<void> {
    const { phase: _phase, ...state } = call;
    const key = this.key(call.callSid);
    await this.redis.client.multi().hset(key, 'state', JSON.stringify(state)).expire(key, STREAMED_CALL_TTL_SECONDS).exec();
  }

  /** Moves the call to `phase` when it is in one of `from`; false when it was not (someone else moved it first). */
  async move(callSid: string, from: StreamedCall['phase'][], phase: StreamedCall['phase']): Promise<boolean> {
    const moved = await this.redis.client.eval(
      `local current = redis.call('HGET', KEYS[1], 'phase')
       if not current then return 0 end
       for i = 2, #ARGV do
         if current == ARGV[i] then
           redis.call('HSET', KEYS[1], 'phase', ARGV[1])
           return 1
         end
       end
       return 0`,
      1,
      this.key(callSid),
      phase,
      ...from,
    );
    return moved === 1;
  }
}

/** The transcript as the turn-based engine writes it ('Jarvis: ...' / 'Caller: ...', one line each). */
export function summarize(call: StreamedCall): StreamedCallSummary {
  const lines = call.lines.filter((l) => l.text.trim());
  return {
    transcript: lines.map((l) => `${l.who === 'caller' ? 'Caller' : 'Jarvis'}: ${l.text.trim()}`).join('\n'),
    jarvisResponse: lines.filter((l) => l.who === 'jarvis').at(-1)?.text.trim() ?? null,
    turns: call.turns,
    ...(call.message && { message: call.message }),
    ...(call.outcome && { outcome: call.outcome }),
  };
}
