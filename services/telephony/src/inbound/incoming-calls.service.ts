import { Inject, Injectable } from '@nestjs/common';
import twilio from 'twilio';
import { TELEPHONY_CONFIG, type TelephonyConfig } from '../config/telephony.config';
import { CallActivity } from '../call-activity/call-activity.service';
import { ContactsService } from '../contacts/contacts.service';
import { ConversationModel } from '../conversation/conversation-model.provider';
import { ConversationEngine } from '../conversation/conversation.engine';
import { FAREWELL } from '../conversation/conversation.constants';
import { VOICEMAIL_GREETINGS } from '../owner/greetings.constants';
import { OwnerContextService } from '../owner/owner-context.service';
import { PhoneLinesService } from '../phone-lines/phone-lines.service';
import { PhoneMessagesService } from '../phone-messages/phone-messages.service';
import type { TakenMessage } from '../streamed-calls/streamed-call.store';
import { StreamedCalls } from '../streamed-calls/streamed-calls.service';
import { takenClassification } from '../streamed-calls/taken-message';
import { type TwilioParams, twilioWebhookUrl } from '../twilio/twilio-webhook';
import {
  callSystemPrompt,
  CONVERSATION_TIERS,
  conversationGreeting,
  MAX_RECORDING_SECONDS,
  NOT_IN_SERVICE,
  VOICEMAIL_GREETING,
} from './inbound.constants';

const { VoiceResponse } = twilio.twiml;

/**
 * A call reaching a phone line, one Twilio webhook at a time (`inbound.webhooks.ts`). Every step is idempotent by
 * CallSid, so retries and callbacks in any order leave one phone message.
 */
@Injectable()
export class IncomingCallsService {
  constructor(
    private readonly lines: PhoneLinesService,
    private readonly messages: PhoneMessagesService,
    private readonly contacts: ContactsService,
    private readonly conversations: ConversationEngine,
    private readonly model: ConversationModel,
    private readonly owner: OwnerContextService,
    private readonly streamed: StreamedCalls,
    private readonly activity: CallActivity,
    @Inject(TELEPHONY_CONFIG) private readonly config: TelephonyConfig,
  ) {}

  private url(path: string) {
    return twilioWebhookUrl(this.config.PUBLIC_URL, path);
  }

  /** A call comes in: the line's owner gets a phone message; a number of nobody gets an apology. */
  async answer(params: TwilioParams): Promise<string> {
    const twiml = new VoiceResponse();
    const line = params.To ? await this.lines.findByNumber(params.To) : null;
    if (!line || !params.CallSid) {
      twiml.say(NOT_IN_SERVICE);
      twiml.hangup();
      return twiml.toString();
    }
    await this.messages.rememberCall({ callSid: params.CallSid, userId: line.userId, fromNumber: params.From ?? '', toNumber: params.To });
    await this.activity.started('inbound', params.CallSid);
    // Without a model the assistant takes a message, as on the free plan.
    if (CONVERSATION_TIERS.includes(line.tier) && this.conversations.available) {
      const owner = await this.owner.forCall(line.userId, line.tier);
      const conversation = {
        callSid: params.CallSid, userId: line.userId, systemPrompt: callSystemPrompt(owner), greeting: conversationGreeting(owner), turnUrl: this.url('/turn'),
      };
      // With a realtime model the call is a stream, speech to speech; the same conversation turn by turn otherwise.
      if (this.streamed.available) {
        return this.streamed.answer(params.CallSid, line.userId, {
          kind: 'inbound', fromNumber: params.From ?? '', systemPrompt: conversation.systemPrompt, greeting: conversation.greeting, farewell: FAREWELL, conversation,
        });
      }
      return this.conversations.start(conversation);
    }
    const personality = await this.owner.personality(line.userId, line.tier);
    twiml.say(personality ? VOICEMAIL_GREETINGS[personality.id] ?? VOICEMAIL_GREETING : VOICEMAIL_GREETING);
    twiml.record({
      maxLength: MAX_RECORDING_SECONDS,
      playBeep: true,
      action: this.url('/voicemail-done'),
      method: 'POST',
      recordingStatusCallback: this.url('/recording'),
      recordingStatusCallbackMethod: 'POST',
      transcribe: true,
      transcribeCallback: this.url('/transcription'),
    });
    twiml.say('I did not hear a message. Goodbye.');
    twiml.hangup();
    return twiml.toString();
  }

  /** After the recording: thank the caller and hang up. */
  voicemailDone(): string {
    const twiml = new VoiceResponse();
    twiml.say('Thank you, your message has been recorded. Goodbye.');
    twiml.hangup();
    return twiml.toString();
  }

  /** The call's status: once it has ended it is a phone message, with or without a recording yet. */
  async status(params: TwilioParams): Promise<void> {
    if (!['completed', 'busy', 'no-answer', 'failed', 'canceled'].includes(params.CallStatus ?? '')) return;
    if (params.CallSid) await this.activity.ended('inbound', params.CallSid, params.CallStatus!);
    const duration = Number.parseInt(params.CallDuration ?? '', 10);
    const streamed = params.CallSid ? await this.streamed.summary(params.CallSid) : null;
    const conversation = streamed ?? (params.CallSid ? await this.conversations.summary(params.CallSid) : null);
    await this.recordCall(
      params.CallSid,
      {
        duration: Number.isFinite(duration) ? duration : undefined,
        ...(conversation && {
          transcript: conversation.transcript,
          jarvisResponse: conversation.jarvisResponse,
          callerText: conversation.transcript.split('\n').filter((l) => l.startsWith('Caller: ')).join('\n'),
        }),
      },
      streamed?.message,
    );
  }

  /** The recording is ready (Twilio may call this before or after the status callback). */
  async recording(params: TwilioParams): Promise<void> {
    if (params.RecordingStatus && params.RecordingStatus !== 'completed') return;
    const duration = Number.parseInt(params.RecordingDuration ?? '', 10);
    await this.recordCall(params.CallSid, {
      recordingSid: params.RecordingSid || undefined,
      duration: Number.isFinite(duration) ? duration : undefined,
    });
  }

  async transcription(params: TwilioParams): Promise<void> {
    if (params.TranscriptionStatus && params.TranscriptionStatus !== 'completed') return;
    await this.recordCall(params.CallSid, { transcript: params.TranscriptionText ?? '' });
  }

  /** `taken`: the message the assistant took on a streamed call (take_message), which says what it is about. */
  private async recordCall(
    callSid: string | undefined,
    fields: { duration?: number; recordingSid?: string; transcript?: string; jarvisResponse?: string | null; callerText?: string },
    taken?: TakenMessage,
  ) {
    const call = callSid ? await this.messages.findCall(callSid) : null;
    if (!call) return; // not a call of ours (or a number of nobody): nothing to keep
    const classification = taken
      ? { ...takenClassification(taken), callerName: taken.callerName }
      : fields.transcript && this.model.configured
        ? await this.model.classify(fields.transcript)
        : null;
    const contact = await this.contacts.findByNumber(call.userId, call.fromNumber);
    await this.messages.record({
      userId: call.userId,
      sourceSid: call.callSid,
      callerNumber: call.fromNumber,
      callerName: classification?.callerName ?? contact?.name ?? null,
      classification,
      ...fields,
    });
  }
}
