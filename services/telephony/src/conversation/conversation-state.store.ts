import { Injectable } from '@nestjs/common';
import { RedisConnection } from '@jarvis/platform';
import { STATE_TTL_SECONDS } from './conversation.constants';

export interface ConversationTurn {
  caller: string;
  assistant: string;
}

/** A spoken conversation in progress, by CallSid, so any replica takes the next turn. */
export interface ConversationState {
  callSid: string;
  userId: string;
  /** Instructions for the model: who it speaks for and what it may promise. */
  systemPrompt: string;
  greeting: string;
  /** Where Twilio posts the caller's next speech (a webhook URL under PUBLIC_URL). */
  turnUrl: string;
  /** Said when the conversation ends (an outbound call's differs from 'Thank you for calling'); FAREWELL by default. */
  farewell?: string;
  startedAt: number;
  turns: ConversationTurn[];
  ended: boolean;
  /** The owner's cloned voice speaks the call's lines (Twilio's voice when false or when it fails). */
  ownerVoice?: boolean;
}

@Injectable()
export class ConversationStateStore {
  constructor(private readonly redis: RedisConnection) {}

  private key(callSid: string) {
    return this.redis.key('telephony', 'conversation', callSid);
  }

  async get(callSid: string): Promise<ConversationState | null> {
    const raw = await this.redis.client.get(this.key(callSid));
    return raw ? (JSON.parse(raw) as ConversationState) : null;
  }

  /** Stores the state unless the call already has one (a retried first webhook keeps the conversation). */
  async create(state: ConversationState): Promise<ConversationState> {
    const created = await this.redis.client.set(this.key(state.callSid), JSON.stringify(state), 'EX', STATE_TTL_SECONDS, 'NX');
    return created ? state : ((await this.get(state.callSid)) ?? state);
  }

  async save(state: ConversationState) {
    await this.redis.client.set(this.key(state.callSid), JSON.stringify(state), 'EX', STATE_TTL_SECONDS);
  }
}
