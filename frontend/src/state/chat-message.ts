import type { ChatAction, ChatMessage } from '@jarvis/contracts';
import type { InlineCard } from './inline-card';

/** Chat sends at most the last 10 messages as history (doc1 §5). */
export const HISTORY_LIMIT = 10;
/** The marker an assistant message starts with when the chat call failed (doc1 §4). */
export const ERROR_MARKER = '⚠️ ';
export const CHAT_ERROR_TITLE = 'Chat Error';
export const CHAT_ERROR_TEXT = 'Unable to send message. Please try again.';
/** Save with nothing stored to save (doc2 §8). */
export const NO_MESSAGES_TOAST = {
  title: 'No messages to save',
  description: 'Start a conversation before saving.',
};

/** A message as the chat screen holds it: the stored fields plus what only lives in this browser tab. */
export interface ChatViewMessage extends ChatMessage {
  /** Not stored on the server (a failed send or its error reply): cannot be saved or given feedback. */
  localOnly?: boolean;
  /** Result and draft cards shown under the message, from its actions. */
  cards?: InlineCard[];
  /** A reply still arriving token by token: it grows, then the final message replaces it. */
  streaming?: boolean;
}

export interface HistoryItem {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  timestamp: string;
  actions: ChatAction[];
}

/** The history sent with a chat message: the last 10 messages as {id, role, content, timestamp, actions}. */
export function toHistory(messages: readonly ChatMessage[], limit = HISTORY_LIMIT): HistoryItem[] {
  return messages.slice(-limit).map((m) => ({
    id: m.id,
    role: m.role,
    content: m.content,
    timestamp: m.created_at,
    // An image question's picture stays in the browser: the history carries its prompt only.
    actions: (m.actions ?? []).map((a) =>
      a.type === 'image_analysis' ? { ...a, args: { prompt: a.args.prompt } } : a,
    ),
  }));
}

/** Blank or whitespace-only text is never sent (doc1 §5). */
export function isSendable(text: string): boolean {
  return text.trim().length > 0;
}

const ACTION_HINT = /\n*\s*Click a button below to continue\.?\s*$/i;

/**
 * The text a bubble renders. The offline assistant ends replies with the action hint; the bubble shows that hint
 * itself only while an action is still open, so the copy in the text is dropped.
 */
export function displayContent(message: Pick<ChatMessage, 'content' | 'actions'>): string {
  if (!message.actions?.length) return message.content;
  return message.content.replace(ACTION_HINT, '');
}

/**
 * Stored messages (oldest first) with what this tab knows on top: local action states and cards by id, and the
 * local-only messages, kept after the stored message they followed.
 */
export function mergeStored(
  local: readonly ChatViewMessage[],
  stored: readonly ChatMessage[],
): ChatViewMessage[] {
  const byId = new Map(local.map((m) => [m.id, m]));
  const merged: ChatViewMessage[] = stored.map((m) => {
    const mine = byId.get(m.id);
    return mine ? { ...m, actions: mine.actions ?? m.actions, cards: mine.cards } : { ...m };
  });
  const storedIds = new Set(stored.map((m) => m.id));
  local.forEach((m, index) => {
    if (storedIds.has(m.id)) return;
    // Place it after the closest earlier local message that is also in the merged list.
    let anchor = -1;
    for (let i = index - 1; i >= 0 && anchor === -1; i--) {
      anchor = merged.findIndex((x) => x.id === local[i].id);
    }
    const at = anchor !== -1 ? anchor + 1 : index === 0 ? 0 : merged.length;
    merged.splice(at, 0, m);
  });
  return merged;
}

let localCounter = 0;
/** An id for a message that exists only in this tab. */
export function localId(): string {
  localCounter += 1;
  return `local-${Date.now().toString(36)}-${localCounter}`;
}
