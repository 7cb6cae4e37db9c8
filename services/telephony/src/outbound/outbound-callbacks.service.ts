import { Inject, Injectable } from '@nestjs/common';
import { LiveEvents } from '@jarvis/platform';
import twilio from 'twilio';
import { TELEPHONY_CONFIG, type TelephonyConfig } from '../config/telephony.config';
import { ConversationEngine } from '../conversation/conversation.engine';
import { StreamedCalls } from '../streamed-calls/streamed-calls.service';
import { type TwilioParams, twilioWebhookUrl } from '../twilio/twilio-webhook';
import { CallEnds } from './call-ends.service';
import { fixedOpening } from './call-openings';
import type { CallLogEntity } from './entities/call-log.entity';
import { OutboundCallsRepository } from './outbound-calls.repository';
import { END_REASONS, FINAL_STATUSES, isManualKind, OPENING_BRIEFS, OUTBOUND_FAREWELL, OUTBOUND_SYSTEM_PROMPT, OUTCOMES } from './outbound.constants';

const { VoiceResponse } = twilio.twiml;

/**
 * Twilio's signed webhooks about our outbound calls (`outbound.webhooks.ts`; the query carries `callLogId` and `userId`): the TwiML when someone
 * answers, the statuses that move a call to its end, the recording.
 */
@Injectable()
export class OutboundCallbacks {
  constructor(
    private readonly calls: OutboundCallsRepository,
    private readonly conversations: ConversationEngine,
    private readonly streamed: StreamedCalls,
    private readonly ends: CallEnds,
    private readonly live: LiveEvents,
    @Inject(TELEPHONY_CONFIG) private readonly config: TelephonyConfig,
  ) {}

  /** Someone answered: the opening, then the same turn-by-turn conversation as inbound calls (offline: the opening only). */
  async voice(params: TwilioParams): Promise<string> {
    const log = await this.fromCallback(params);
    if (!log || !params.CallSid) {
      const twiml = new VoiceResponse();
      twiml.hangup();
      return twiml.toString();
    }
    const opening = log.opening ?? (isManualKind(log.scenario) ? fixedOpening(log.scenario, log.payload, null) : '');
    if (this.conversations.available) {
      const purpose = isManualKind(log.scenario) ? OPENING_BRIEFS[log.scenario] : 'You are delivering an automated message your owner scheduled.';
      const details = Object.entries(log.payload).filter(([k]) => k !== 'template').map(([k, v]) => `${k}: ${v}`).join('; ');
      const conversation = {
        callSid: params.CallSid,
        userId: log.userId,
        systemPrompt: [OUTBOUND_SYSTEM_PROMPT, purpose, details && `The call's details: ${details}.`].filter(Boolean).join('\n'),
        greeting: opening,
        farewell: OUTBOUND_FAREWELL,
        turnUrl: twilioWebhookUrl(this.config.PUBLIC_URL, '/turn'),
      };
      // Every call out is a stream when a realtime model is set; turn by turn otherwise.
      if (this.streamed.available) {
        return this.streamed.answer(params.CallSid, log.userId, {
          kind: 'outbound', callLogId: log.id, systemPrompt: conversation.systemPrompt, greeting: opening, farewell: OUTBOUND_FAREWELL,
          outcomes: OUTCOMES[isManualKind(log.scenario) ? log.scenario : 'scenario'], conversation,
        });
      }
      return this.conversations.start(conversation);
    }
    const twiml = new VoiceResponse();
    twiml.say(opening);
    twiml.hangup();
    return twiml.toString();
  }

  /** The call's status: answered marks it (it counts from now on); a final status ends it once. */
  async status(params: TwilioParams): Promise<void> {
    const log = await this.fromCallback(params);
    if (!log) return;
    const status = params.CallStatus ?? '';
    if (params.CallSid && !log.callSid) await this.calls.setCallSid(log.userId, log.id, params.CallSid);
    if (status === 'in-progress' || status === 'answered') {
      await this.calls.markAnswered(log.userId, log.id);
      return;
    }
    if (!FINAL_STATUSES.includes(status)) return;
    const duration = Number.parseInt(params.CallDuration ?? '', 10);
    const streamed = params.CallSid ? await this.streamed.summary(params.CallSid) : null;
    const conversation = streamed ?? (params.CallSid ? await this.conversations.summary(params.CallSid) : null);
    if (status === 'completed') {
      await this.ends.finish(log.userId, log.id, {
        status: 'completed',
        answered: true,
        errorMessage: null, // a provider error of an earlier attempt is not what the call ended with
        duration: Number.isFinite(duration) ? duration : null,
        transcript: conversation?.transcript || (log.opening ? `Jarvis: ${log.opening}` : null),
        ...(streamed?.outcome && { outcome: streamed.outcome.result, outcomeDetails: streamed.outcome.details }),
      });
      return;
    }
    const reason = END_REASONS[status];
    const detail = params.ErrorMessage || params.SipResponseCode ? ` (${params.ErrorMessage ?? `SIP ${params.SipResponseCode}`})` : '';
    await this.ends.finish(log.userId, log.id, { status: 'failed', errorMessage: `${reason}${detail}`, duration: Number.isFinite(duration) ? duration : null });
  }

  /** The recording is ready (before or after the status callback). */
  async recording(params: TwilioParams): Promise<void> {
    if (params.RecordingStatus && params.RecordingStatus !== 'completed') return;
    const log = await this.fromCallback(params);
    if (log && params.RecordingSid) {
      await this.calls.setRecording(log.userId, log.id, params.RecordingSid);
      this.live.publish(log.userId, 'calls', { id: log.id });
    }
  }

  /** The call log a signed callback is about: its URL carries the ids we gave Twilio. */
  private async fromCallback(params: TwilioParams): Promise<CallLogEntity | null> {
    const { callLogId, userId } = params;
    if (!callLogId || !userId || !UUID.test(callLogId) || !UUID.test(userId)) return null;
    const log = await this.calls.findOne(userId, callLogId);
    // A callback of another call (a replaced placement) never touches this one.
    if (log?.callSid && params.CallSid && log.callSid !== params.CallSid) return null;
    return log;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
