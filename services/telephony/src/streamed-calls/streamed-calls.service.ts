import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AudioStreamOpenRequest } from '@jarvis/contracts';
import { type AudioSocket, ServiceMetrics } from '@jarvis/platform';
import twilio from 'twilio';
import { CallVoiceService } from '../call-voice/call-voice.service';
import { TELEPHONY_CONFIG, type TelephonyConfig } from '../config/telephony.config';
import { ConversationEngine, type StartConversation } from '../conversation/conversation.engine';
import { PhoneMessagesService } from '../phone-messages/phone-messages.service';
import { TelephonyProvider } from '../twilio/telephony.provider';
import { type TwilioParams, twilioStreamUrl, twilioWebhookUrl } from '../twilio/twilio-webhook';
import { type BridgeDeps, CallBridge } from './call-bridge';
import { OwnerSpeech } from './owner-speech.provider';
import { type FallbackReason, STREAMED_CALL_FALLBACKS } from './streamed-calls.metrics';
import { RealtimeModel } from './realtime-model.provider';
import { type StreamedCall, StreamedCallStore, type StreamedCallSummary, summarize } from './streamed-call.store';
import {
  INBOUND_TOOL_GUIDE,
  OUTBOUND_TOOL_GUIDE,
  RESUME_GREETING,
  STREAM_ENDED_PATH,
  STREAM_LOST_GOODBYE,
  STREAM_PATH,
} from './streamed-calls.constants';

const { VoiceResponse } = twilio.twiml;

/** What a call needs to be answered as a stream: who it is for, what the assistant knows, and the same call turn by turn. */
export interface StreamedCallStart {
  kind: 'inbound' | 'outbound';
  callLogId?: string;
  fromNumber?: string;
  /** The persona and shared context, as the turn-based engine gets them. */
  systemPrompt: string;
  greeting: string;
  farewell: string;
  outcomes?: readonly string[];
  /** The turn-based conversation, for a model that cannot be reached (its prompt, greeting and farewell are the same). */
  conversation: StartConversation;
}

/**
 * Calls as streams (issue 20): with OPENAI_REALTIME_MODEL set, a premium call in and every call out is answered with
 * `<Connect><Stream>` to `wss://<PUBLIC_URL host>/webhooks/telephony/media`; the gateway hands the stream to one
 * replica (`media-stream.handler.ts`), whose CallBridge speaks with the Realtime model. When the stream ends, Twilio
 * asks `/media/ended` what follows: the turn-based conversation when the model could not be reached, Twilio's goodbye
 * when the stream was lost mid-call, nothing when the call was hung up.
 */
@Injectable()
export class StreamedCalls {
  private readonly logger = new Logger(StreamedCalls.name);
  private readonly deps: BridgeDeps;

  constructor(
    private readonly store: StreamedCallStore,
    private readonly realtime: RealtimeModel,
    speech: OwnerSpeech,
    messages: PhoneMessagesService,
    private readonly twilio: TelephonyProvider,
    private readonly conversations: ConversationEngine,
    private readonly voice: CallVoiceService,
    private readonly metrics: ServiceMetrics,
    @Inject(TELEPHONY_CONFIG) private readonly config: TelephonyConfig,
  ) {
    this.deps = { store, realtime, speech, messages, twilio, logger: this.logger, fellBack: (call, reason, detail) => this.fellBack(call, reason, detail) };
  }

  /** Whether calls are streamed: OPENAI_REALTIME_MODEL and the model's connection are set. */
  get available(): boolean {
    return this.realtime.configured;
  }

  /** The TwiML that connects the call to its stream (a retried webhook answers the same). */
  async answer(callSid: string, userId: string, start: StreamedCallStart): Promise<string> {
    await this.store.create({
      callSid,
      userId,
      kind: start.kind,
      ...(start.callLogId && { callLogId: start.callLogId }),
      ...(start.fromNumber !== undefined && { fromNumber: start.fromNumber }),
      instructions: `${start.systemPrompt}\n${start.kind === 'outbound' ? OUTBOUND_TOOL_GUIDE : INBOUND_TOOL_GUIDE}`,
      greeting: start.greeting,
      farewell: start.farewell,
      ...(start.outcomes && { outcomes: start.outcomes }),
      // The owner's cloned voice, when it is on, speaks every line of the call (asked once, kept with the call).
      ownerVoiceId: await this.voice.ownerVoiceId(userId),
      conversation: start.conversation,
      phase: 'answered',
      lines: [],
      turns: 0,
    });
    const twiml = new VoiceResponse();
    const connect = twiml.connect({ action: twilioWebhookUrl(this.config.PUBLIC_URL, STREAM_ENDED_PATH), method: 'POST' });
    const stream = connect.stream({ url: twilioStreamUrl(this.config.PUBLIC_URL, STREAM_PATH) });
    // The call's identity, given back in the stream's `start` message.
    stream.parameter({ name: 'callSid', value: callSid });
    stream.parameter({ name: 'kind', value: start.kind });
    return twiml.toString();
  }

  /** Whether Twilio signed the stream's upgrade request: its URL, no parameters. */
  signedByTwilio(request: AudioStreamOpenRequest): boolean {
    return this.twilio.validSignature(request.headers['x-twilio-signature'] ?? '', request.url, {});
  }

  /** This replica holds the stream now. */
  bridge(socket: AudioSocket): void {
    new CallBridge(socket, this.deps);
  }

  /** Twilio's `<Connect action>`: the stream ended, what follows on the call. */
  async ended(params: TwilioParams): Promise<string> {
    const twiml = new VoiceResponse();
    const call = params.CallSid ? await this.store.get(params.CallSid) : null;
    if (!call) {
      twiml.hangup();
      return twiml.toString();
    }
    // No replica ever took the stream (Twilio could not connect it): the call goes on turn by turn too.
    if (call.phase === 'answered' && (await this.store.move(call.callSid, ['answered'], 'fallback'))) {
      this.fellBack(call, 'no_stream', 'the stream never started');
      return this.conversations.start(call.conversation);
    }
    const current = (await this.store.get(call.callSid)) ?? call;
    if (current.phase === 'fallback') {
      // The model went away mid-call: the conversation goes on from where it was, without greeting again.
      return this.conversations.start(current.lines.length > 0 ? { ...current.conversation, greeting: RESUME_GREETING } : current.conversation);
    }
    if (current.phase !== 'ended' && (await this.store.move(call.callSid, ['streaming', 'ending'], 'ended'))) {
      // The replica holding the stream went away: the caller is told, then the call ends (its message is written
      // from what the call left when Twilio reports its end).
      this.logger.warn(`The stream of call ${call.callSid} was lost; the call ends with Twilio's goodbye`);
      twiml.say(STREAM_LOST_GOODBYE);
    }
    twiml.hangup();
    return twiml.toString();
  }

  /** What the call left (both its streamed and its turn-based parts), or null for a call that was never streamed. */
  async summary(callSid: string): Promise<StreamedCallSummary | null> {
    const call = await this.store.get(callSid);
    if (!call) return null;
    const streamed = summarize(call);
    const turnByTurn = call.phase === 'fallback' ? await this.conversations.summary(callSid) : null;
    if (!turnByTurn) return streamed;
    return {
      ...streamed,
      transcript: [streamed.transcript, turnByTurn.transcript].filter(Boolean).join('\n'),
      jarvisResponse: turnByTurn.jarvisResponse ?? streamed.jarvisResponse,
      turns: streamed.turns + turnByTurn.turns,
    };
  }

  /** Logged and counted (`jarvis_streamed_call_fallbacks_total`), never said to the caller. */
  private fellBack(call: StreamedCall | null, reason: FallbackReason, detail: string) {
    this.logger.warn(`Call ${call?.callSid ?? '(unknown)'} goes on turn by turn: ${detail}`);
    this.metrics.get(STREAMED_CALL_FALLBACKS).inc({ reason });
  }
}
