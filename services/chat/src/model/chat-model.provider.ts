import type { Tier } from '@jarvis/contracts';

export interface ModelMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ModelToolCall {
  name: string;
  /** The raw JSON text the model produced; validated by `toActions`. */
  arguments: string;
}

export interface ModelReply {
  content: string;
  toolCalls: ModelToolCall[];
}

export interface ModelRequest {
  tier: Tier;
  messages: ModelMessage[];
  /** Offer the action tools (chat); off for previews and twin training. */
  withTools?: boolean;
  maxTokens?: number;
  /** Ask for a JSON object answer. */
  json?: boolean;
  /** Stream the reply: called with each piece of text as the model produces it. */
  onToken?: (text: string) => void;
  /** Aborts the model call (the caller went away). */
  signal?: AbortSignal;
}

/** The language model behind chat, previews and twin training. */
export abstract class ChatModel {
  /** False when neither OPENAI_API_KEY nor OPENAI_BASE_URL is set: chat runs its offline assistant. */
  abstract readonly configured: boolean;
  abstract modelFor(tier: Tier): string;
  abstract complete(request: ModelRequest): Promise<ModelReply>;
}
