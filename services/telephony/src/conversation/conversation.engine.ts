import { Injectable, Logger } from '@nestjs/common';
import twilio from 'twilio';
import { CallVoiceService } from '../call-voice/call-voice.service';
import { ConversationModel, type ConversationMessage } from './conversation-model.provider';
import { type ConversationState, ConversationStateStore } from './conversation-state.store';
import { DID_NOT_HEAR, FALLBACK_REPLY, FAREWELL, GOODBYE, MAX_CONVERSATION_MS, MAX_TURNS } from './conversation.constants';

const { VoiceResponse } = twilio.twiml;

export interface StartConversation {
  callSid: string;
  userId: string;
  systemPrompt: string;
  greeting: string;
  turnUrl: string;
  /** Said when the conversation ends; FAREWELL ('Thank you for calling...') by default. */
  farewell?: string;
}


/** What a conversation leaves for a phone message or a call log. */
export interface ConversationSummary {
  transcript: string;
  jarvisResponse: string | null;
  turns: number;
}

/**
 * A spoken conversation on a Twilio call, one speech-gather turn at a time, with its state in Redis by CallSid. It
 * ends on goodbye, after MAX_TURNS turns or MAX_CONVERSATION_MS, or when the caller hangs up (the caller's status
 * callback). Inbound calls use it now; outbound calls can start one with their own prompt and turn URL.
 */
@Injectable()
export class ConversationEngine {
  private readonly logger = new Logger(ConversationEngine.name);

  constructor(
    private readonly model: ConversationModel,
    private readonly states: ConversationStateStore,
    private readonly voice: CallVoiceService,
  ) {}

  get available(): boolean {
    return this.model.configured;
  }

  /** Greets and listens: TwiML for the first webhook of the call (a retry answers the same). */
  async start(start: StartConversation): Promise<string> {
    // The owner's cloned voice, when it is on, speaks every line of the call (asked once, kept with the state).
    const ownerVoice = await this.voice.ownerVoiceOn(start.userId);
    const state = await this.states.create({ ...start, ownerVoice, startedAt: Date.now(), turns: [], ended: false });
    return this.listen(state, state.greeting);
  }

  /** The caller said `speech` (empty when Twilio heard nothing): TwiML with the answer, or the farewell. */
  async turn(callSid: string, speech: string | undefined): Promise<string> {
    const state = await this.states.get(callSid);
    if (!state || state.ended) return this.hangUp(state?.farewell ?? FAREWELL, state);
    const farewell = state.farewell ?? FAREWELL;
    const said = (speech ?? '').trim();
    if (!said) {
      if (Date.now() - state.startedAt >= MAX_CONVERSATION_MS) return this.end(state, farewell);
      return this.listen(state, DID_NOT_HEAR);
    }
    if (GOODBYE.test(said)) {
      state.turns.push({ caller: said, assistant: farewell });
      return this.end(state, farewell);
    }
    const answer = await this.answer(state, said);
    state.turns.push({ caller: said, assistant: answer });
    if (state.turns.length >= MAX_TURNS || Date.now() - state.startedAt >= MAX_CONVERSATION_MS) {
      return this.end(state, `${answer} ${farewell}`);
    }
    await this.states.save(state);
    return this.listen(state, answer);
  }

  /** The conversation so far, for the message it becomes (null when the call had none). */
  async summary(callSid: string): Promise<ConversationSummary | null> {
    const state = await this.states.get(callSid);
    if (!state) return null;
    const lines = [`Jarvis: ${state.greeting}`, ...state.turns.flatMap((t) => [`Caller: ${t.caller}`, `Jarvis: ${t.assistant}`])];
    return { transcript: lines.join('\n'), jarvisResponse: state.turns.at(-1)?.assistant ?? null, turns: state.turns.length };
  }

  private async answer(state: ConversationState, said: string): Promise<string> {
    const messages: ConversationMessage[] = [
      { role: 'system', content: state.systemPrompt },
      { role: 'assistant', content: state.greeting },
      ...state.turns.flatMap((t): ConversationMessage[] => [{ role: 'user', content: t.caller }, { role: 'assistant', content: t.assistant }]),
      { role: 'user', content: said },
    ];
    try {
      return (await this.model.reply(messages)) || FALLBACK_REPLY;
    } catch (error) {
      this.logger.warn(`The model did not answer call ${state.callSid}: ${(error as Error).message}`);
      return FALLBACK_REPLY;
    }
  }

  private async listen(state: ConversationState, say: string): Promise<string> {
    const twiml = new VoiceResponse();
    const gather = twiml.gather({ input: ['speech'], action: state.turnUrl, method: 'POST', speechTimeout: 'auto', actionOnEmptyResult: true });
    await this.voice.speak(gather, say, state.userId, state.ownerVoice);
    return twiml.toString();
  }

  private async end(state: ConversationState, say: string): Promise<string> {
    state.ended = true;
    await this.states.save(state);
    return this.hangUp(say, state);
  }

  private async hangUp(say: string, state?: ConversationState | null): Promise<string> {
    const twiml = new VoiceResponse();
    if (state) await this.voice.speak(twiml, say, state.userId, state.ownerVoice);
    else twiml.say(say);
    twiml.hangup();
    return twiml.toString();
  }
}
