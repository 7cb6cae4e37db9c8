import { Inject, Injectable } from '@nestjs/common';
import twilio from 'twilio';
import { TELEPHONY_CONFIG, type TelephonyConfig } from '../config/telephony.config';
import { ContactsService } from '../contacts/contacts.service';
import { ConversationModel } from '../conversation/conversation-model.provider';
import { ConversationEngine } from '../conversation/conversation.engine';
import { VOICEMAIL_GREETINGS } from '../owner/greetings.constants';
import { type OwnerContext, OwnerContextService } from '../owner/owner-context.service';
import { PhoneLinesService } from '../phone-lines/phone-lines.service';
import { PhoneMessagesService } from '../phone-messages/phone-messages.service';

const { VoiceResponse, MessagingResponse } = twilio.twiml;

/** Twilio's form fields of a webhook. */
export type TwilioParams = Record<string, string>;

export const NOT_IN_SERVICE = 'Sorry, this number is not in service. Goodbye.';
/** The greeting when chat cannot say the owner's personality in time. */
export const VOICEMAIL_GREETING =
  "Hi, you've reached Jarvis, the personal assistant. The person you are calling can't come to the phone right now. " +
  "Please leave your name, number and a message after the tone, and I'll make sure they get it.";
/** The assistant's instructions on a call; the owner's personality and today's reminders are added when known. */
export const CALL_SYSTEM_PROMPT =
  "You are Jarvis, a personal assistant answering your owner's phone. Speak briefly and warmly, in one to three short " +
  'sentences a turn, as words to be spoken aloud. Find out who is calling, why, and whether they want a call back. ' +
  'Never promise anything on the owner\'s behalf (meetings, payments, decisions) that the owner has not approved: say you will pass it on.';
export const CONVERSATION_GREETING = "Hi, you've reached Jarvis, the personal assistant. How can I help you today?";
/** The greeting of a conversation, with the owner's first name when known. */
export function conversationGreeting(owner: Pick<OwnerContext, 'firstName'>): string {
  return owner.firstName
    ? `Hi, you've reached Jarvis, ${owner.firstName}'s personal assistant. How can I help you today?`
    : CONVERSATION_GREETING;
}

/**
 * The model's instructions for a call: who it speaks for and only what the owner shares with callers (the phone line
 * card). The caller is a stranger who may try anything, so what the owner keeps private is never in here at all.
 */
export function callSystemPrompt(owner: OwnerContext): string {
  return [
    CALL_SYSTEM_PROMPT,
    owner.firstName && `Your owner's first name is ${owner.firstName}.`,
    owner.personality && `Speak in this personality: ${owner.personality}.`,
    owner.twin?.voice && `Your owner's own way of speaking, to echo: ${owner.twin.voice}.`,
    owner.twin?.facts && `Facts about your owner you may share: ${owner.twin.facts}`,
    owner.twin?.boundaries && `Your owner's boundaries, never to cross: ${owner.twin.boundaries}`,
    availability(owner.busyToday),
  ]
    .filter(Boolean)
    .join('\n');
}

/** Today's availability as the owner shares it: busy times only, or that nothing is known. */
function availability(busyToday: string[] | null): string {
  if (busyToday === null) return "You do not know your owner's schedule: if asked when they are free, say you will pass the question on.";
  if (busyToday.length === 0) return 'Your owner has nothing planned today (New York time).';
  return (
    `Your owner is busy today around ${busyToday.join(', ')} (New York time) and free at other times today. ` +
    'You do not know what the plans are.'
  );
}

/** The plans on which the assistant talks with the caller (doc3: 'AI answers calls'). */
const CONVERSATION_TIERS = ['premium', 'enterprise'];

/** Twilio's <Record> limit for a phone message, in seconds. */
export const MAX_RECORDING_SECONDS = 120;

/**
 * A call or text reaching a phone line, one Twilio webhook at a time. Every step is idempotent by CallSid or
 * MessageSid, so retries and callbacks in any order leave one phone message.
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
    @Inject(TELEPHONY_CONFIG) private readonly config: TelephonyConfig,
  ) {}

  private url(path: string) {
    return `${this.config.PUBLIC_URL.replace(/\/+$/, '')}/webhooks/telephony${path}`;
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
    // Without a model the assistant takes a message, as on the free plan.
    if (CONVERSATION_TIERS.includes(line.tier) && this.conversations.available) {
      const owner = await this.owner.forCall(line.userId, line.tier);
      return this.conversations.start({
        callSid: params.CallSid, userId: line.userId, systemPrompt: callSystemPrompt(owner), greeting: conversationGreeting(owner), turnUrl: this.url('/turn'),
      });
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

  /** The caller's speech of one conversation turn. */
  turn(params: TwilioParams): Promise<string> {
    return this.conversations.turn(params.CallSid ?? '', params.SpeechResult);
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
    const duration = Number.parseInt(params.CallDuration ?? '', 10);
    const conversation = params.CallSid ? await this.conversations.summary(params.CallSid) : null;
    await this.recordCall(params.CallSid, {
      duration: Number.isFinite(duration) ? duration : undefined,
      ...(conversation && {
        transcript: conversation.transcript,
        jarvisResponse: conversation.jarvisResponse,
        callerText: conversation.transcript.split('\n').filter((l) => l.startsWith('Caller: ')).join('\n'),
      }),
    });
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

  /** A text to a line becomes a phone message tagged `sms`; it gets no automatic reply. */
  async sms(params: TwilioParams): Promise<string> {
    const line = params.To ? await this.lines.findByNumber(params.To) : null;
    if (line && params.MessageSid) {
      const from = params.From ?? '';
      await this.messages.record({
        userId: line.userId,
        sourceSid: params.MessageSid,
        callerNumber: from,
        callerName: (await this.contacts.findByNumber(line.userId, from))?.name ?? null,
        transcript: params.Body ?? '',
        tags: ['sms'],
      });
    }
    return new MessagingResponse().toString();
  }

  private async recordCall(
    callSid: string | undefined,
    fields: { duration?: number; recordingSid?: string; transcript?: string; jarvisResponse?: string | null; callerText?: string },
  ) {
    const call = callSid ? await this.messages.findCall(callSid) : null;
    if (!call) return; // not a call of ours (or a number of nobody): nothing to keep
    const classification = fields.transcript && this.model.configured ? await this.model.classify(fields.transcript) : null;
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
