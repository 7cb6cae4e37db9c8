import type { ToastFn } from '../../components/toast/toast-context';
import { type ChatViewMessage, localId } from '../../state/chat-message';
import { updateMessages } from '../../state/chat-session';
import { MICROPHONE_REQUIRED, setLiveContinuous, setVoiceMode } from './voice-modes';
import { updateVoiceState } from './voice-store';
import { CLOSED_BY_USER, CLOSED_IDLE, MICROPHONE_REFUSED } from '../live-voice/live-voice-codes';
import type { LiveVoiceCallbacks, LiveVoiceEnd, LiveVoiceState, LiveVoiceStored } from '../live-voice/live-voice-session';
import { liveVoiceAvailable } from '../live-voice/live-voice-status';

export const ALWAYS_LIVE_ENDED = {
  idle: { title: 'Always mode is off', description: 'Voice chat ended after 2 minutes of silence.' },
  lost: {
    title: 'Always mode is off',
    description: 'Live voice was interrupted. Please turn Always on again.',
  },
} as const;
export const DAILY_LIMIT_TITLE = 'Daily limit reached';

/** The status line under the input while Always runs live ('' shows the mode's own 'Listening...'). */
export const ALWAYS_LIVE_STATUS: Record<LiveVoiceState, string> = {
  connecting: 'Connecting...',
  listening: '',
  thinking: 'Thinking...',
  speaking: '',
};

/**
 * The chat once the service stored an exchange: the messages shown for its words (`local`: the user's and the
 * answer's local ids, when they were shown) give way to the stored pair, the user's message first, where the first of
 * them was (the user's words can arrive after the answer began). The answer is as heard; one the user cut off before
 * hearing a word of it is not kept.
 */
export function settleExchange(
  messages: ChatViewMessage[],
  stored: LiveVoiceStored,
  local: { user?: string; reply?: string },
  now = new Date().toISOString(),
): ChatViewMessage[] {
  const ids = new Set([local.user, local.reply].filter((id): id is string => Boolean(id)));
  const first = messages.findIndex((m) => ids.has(m.id));
  const kept = messages.filter((m) => !ids.has(m.id));
  const at = first === -1 ? kept.length : messages.slice(0, first).filter((m) => !ids.has(m.id)).length;
  const createdAt = (id: string | undefined) => messages.find((m) => m.id === id)?.created_at ?? now;
  const pair: ChatViewMessage[] = [
    {
      id: stored.userMessageId,
      role: 'user',
      content: stored.transcript,
      created_at: createdAt(local.user),
      actions: [],
    },
  ];
  if (stored.assistantMessageId && stored.reply)
    pair.push({
      id: stored.assistantMessageId,
      role: 'assistant',
      content: stored.reply,
      created_at: createdAt(local.reply),
      actions: [],
    });
  return [...kept.slice(0, at), ...pair, ...kept.slice(at)];
}

/**
 * What a live session does to the chat in Always mode: the user's words and Jarvis's answer appear as they are known
 * (local messages), and become the stored pair once the service kept the exchange. `onEnd` hears how it ended.
 */
export function alwaysLiveCallbacks(onEnd: (end: LiveVoiceEnd) => void): LiveVoiceCallbacks {
  // Each item's local message, until the service says what it stored it under.
  const local = new Map<string, string>();
  const show = (itemId: string, role: 'user' | 'assistant', content: string) => {
    const id = localId();
    local.set(itemId, id);
    updateMessages((messages) => [
      ...messages,
      { id, role, content, created_at: new Date().toISOString(), actions: [], localOnly: true },
    ]);
  };
  return {
    onState: (state) =>
      updateVoiceState({ heard: ALWAYS_LIVE_STATUS[state], speaking: state === 'speaking' }),
    onUserText: (itemId, text) => show(itemId, 'user', text),
    onReplyText: (itemId, text) => show(itemId, 'assistant', text),
    onStored: (stored) => {
      const ids = {
        user: local.get(stored.userItemId),
        reply: stored.replyItemId ? local.get(stored.replyItemId) : undefined,
      };
      local.delete(stored.userItemId);
      if (stored.replyItemId) local.delete(stored.replyItemId);
      updateMessages((messages) => settleExchange(messages, stored, ids));
    },
    onLevel: () => undefined,
    onEnd: (end) => {
      updateVoiceState({ speaking: false, heard: '' });
      onEnd(end);
    },
  };
}

/**
 * Always mode after its live session ended: turn by turn when it never started, off with the reason said otherwise
 * (the microphone's refusal in the words turn-by-turn Always uses), nothing said when the user turned it off.
 */
export function alwaysLiveEnded(end: LiveVoiceEnd, toast: ToastFn, fallback: () => void) {
  if (end.fallback) return fallback();
  // The user turned it off (or turned 'Hey Jarvis' on).
  if (end.code === CLOSED_BY_USER) return;
  setVoiceMode(null);
  if (end.code === MICROPHONE_REFUSED) toast({ ...MICROPHONE_REQUIRED, variant: 'destructive' });
  else if (end.error)
    toast({
      title: end.error.code === 'QUOTA_EXCEEDED' ? DAILY_LIMIT_TITLE : ALWAYS_LIVE_ENDED.lost.title,
      description: end.error.error,
      variant: 'destructive',
    });
  else
    toast({
      ...(end.code === CLOSED_IDLE ? ALWAYS_LIVE_ENDED.idle : ALWAYS_LIVE_ENDED.lost),
      variant: 'default',
    });
}

/**
 * 'Always' over live voice, when the server offers it (issue 20): the conversation streams both ways, Jarvis answers
 * aloud as it listens and stops when spoken over, and each exchange joins the chat as a message pair. False when live
 * voice is not offered: the browser's recognition then runs Always mode as before. `fallback` runs when the session
 * could not start after all (the model could not be reached, no AudioWorklet).
 */
export async function startAlwaysLive(toast: ToastFn, fallback: () => void): Promise<boolean> {
  if (!(await liveVoiceAvailable())) return false;
  // The session's code loads only now: a server without live voice never sends it.
  const { openLiveVoice } = await import('../live-voice/live-voice');
  const session = openLiveVoice(alwaysLiveCallbacks((end) => alwaysLiveEnded(end, toast, fallback)));
  setLiveContinuous(() => session.stop());
  void session.start();
  // Leaving the page ends the conversation.
  window.addEventListener('pagehide', () => session.stop(), { once: true });
  return true;
}
