import { useSyncExternalStore } from 'react';
import type { ChatViewMessage } from './chat-message';
import { TRANSIENT_MOOD_MS } from './mood';

/**
 * The chat of this browser tab. It lives outside the chat section so switching to Reminders and back keeps the
 * conversation, and a reply that arrives meanwhile still lands. One user at a time: another user starts empty.
 */
export interface ChatSessionState {
  userId: string | null;
  messages: ChatViewMessage[];
  /** The user asked for the stored messages; after each send they are fetched again. */
  historyLoaded: boolean;
  historyLoading: boolean;
  sending: boolean;
  /** The action being run; every action button is disabled meanwhile. */
  runningAction: { messageId: string; index: number } | null;
  transientMood: 'responding' | 'error' | null;
  /**
   * Messages waiting for the chat screen to send them, one at a time: those raised by the `addChatMessage` window
   * event, and those entered while a reply was still on its way (one request at a time, no press lost).
   */
  outbox: string[];
}

const initial = (userId: string | null): ChatSessionState => ({
  userId,
  messages: [],
  historyLoaded: false,
  historyLoading: false,
  sending: false,
  runningAction: null,
  transientMood: null,
  outbox: [],
});

let state: ChatSessionState = initial(null);
const listeners = new Set<() => void>();
let moodTimer: ReturnType<typeof setTimeout> | undefined;

export function getChatSession(): ChatSessionState {
  return state;
}

export function updateChatSession(
  change: Partial<ChatSessionState> | ((s: ChatSessionState) => Partial<ChatSessionState>),
) {
  const patch = typeof change === 'function' ? change(state) : change;
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

export function updateMessages(change: (messages: ChatViewMessage[]) => ChatViewMessage[]) {
  updateChatSession((s) => ({ messages: change(s.messages) }));
}

/** Starts the chat of `userId`, or keeps it when it is already theirs. */
export function ensureChatSessionFor(userId: string) {
  if (state.userId === userId) return;
  const outbox = state.userId === null ? state.outbox : [];
  state = { ...initial(userId), outbox };
  listeners.forEach((l) => l());
}

/** Responding and error show for 2 s, then the mood falls back to active. */
export function flashMood(mood: 'responding' | 'error') {
  clearTimeout(moodTimer);
  updateChatSession({ transientMood: mood });
  moodTimer = setTimeout(() => updateChatSession({ transientMood: null }), TRANSIENT_MOOD_MS);
}

/** For tests: forget everything. */
export function resetChatSession() {
  clearTimeout(moodTimer);
  state = initial(null);
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useChatSession(): ChatSessionState {
  return useSyncExternalStore(subscribe, getChatSession, getChatSession);
}

/** Puts `text` in line behind the reply on its way; the chat screen sends it once that reply is complete. */
export function queueChatMessage(text: string): boolean {
  if (!text.trim()) return false;
  updateChatSession((s) => ({ outbox: [...s.outbox, text.trim()] }));
  return true;
}

/** The `addChatMessage` event of an accepted whisper (doc1 §4): detail {text, sender: 'user'}. */
export const ADD_CHAT_MESSAGE_EVENT = 'addChatMessage';

function onAddChatMessage(event: Event) {
  const detail = (event as CustomEvent<{ text?: unknown; sender?: unknown }>).detail;
  if (!detail || typeof detail.text !== 'string' || !detail.text.trim()) return;
  if (detail.sender !== undefined && detail.sender !== 'user') return;
  updateChatSession((s) => ({ outbox: [...s.outbox, detail.text as string] }));
}

// Listening from the start, not only while the chat screen is shown: the whisper is accepted in the sidebar
// before the app switches to chat.
if (typeof window !== 'undefined') window.addEventListener(ADD_CHAT_MESSAGE_EVENT, onAddChatMessage);
