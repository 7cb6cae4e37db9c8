import { useCallback, useMemo, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ChatAction } from '@jarvis/contracts';
import { loadChatStream } from './message-bubbles';
import type { Reveal } from './smooth-reveal';
import { asList, callApi, serverMessageOr } from '../../api/client';
import { queryKeyOf } from '../../api/query-keys';
import { api } from '../../api/routes';
import { useToast, type ToastFn } from '../../components/toast/toast-context';
import { withOutcome } from './actions/action-outcome';
import type { ActionOutcome } from './actions/execute-action';
import {
  displayContent,
  CHAT_ERROR_TEXT,
  CHAT_ERROR_TITLE,
  ERROR_MARKER,
  isSendable,
  localId,
  type ChatViewMessage,
  mergeStored,
  toHistory,
} from '../../state/chat-message';
import {
  ensureChatSessionFor,
  flashMood,
  getChatSession,
  updateChatSession,
  updateMessages,
  useChatSession,
} from '../../state/chat-session';

async function fetchStored(queryClient: QueryClient) {
  return queryClient.fetchQuery({
    queryKey: queryKeyOf(api.chat.messages),
    queryFn: async () => asList(await callApi(api.chat.messages)),
    staleTime: 0,
  });
}

/** After a send the stored messages are fetched again; they replace the list only once the user loaded them. */
async function refreshStored(queryClient: QueryClient) {
  if (!getChatSession().historyLoaded) {
    await queryClient.invalidateQueries({ queryKey: queryKeyOf(api.chat.messages) });
    return;
  }
  try {
    const stored = await fetchStored(queryClient);
    updateMessages((messages) => mergeStored(messages, stored));
  } catch {
    // The reply is already shown; a failed refresh changes nothing the user sees.
  }
}

/** Runs an action with the runners, which (with the API modules they call) load with the first run. */
async function runWithRunners(action: ChatAction): Promise<ActionOutcome> {
  let runners: typeof import('./actions/execute-action');
  try {
    runners = await import('./actions/execute-action');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const description = `Failed to execute ${action.type}: ${message}`;
    return { ok: false, toast: { title: 'Action Failed', description, variant: 'destructive' } };
  }
  return runners.executeAction(action);
}

/** Speech playback loads with the first reply it reads aloud. */
const loadPlayback = () => import('../voice/speech-playback');

function createController(queryClient: QueryClient, toast: ToastFn) {
  return {
    /** Sends `raw` with the last 10 messages. False when nothing was sent (blank, or a send in flight). */
    async send(raw: string): Promise<boolean> {
      const session = getChatSession();
      if (!isSendable(raw) || session.sending) return false;
      const text = raw.trim();
      const history = toHistory(session.messages.filter((m) => !m.localOnly));
      const tempId = localId();
      updateChatSession((s) => ({
        sending: true,
        messages: [
          ...s.messages,
          { id: tempId, role: 'user', content: text, created_at: new Date().toISOString(), localOnly: true },
        ],
      }));
      // The reply streams in: the typing indicator shows until the first token, then a bubble grows with the text.
      const streamId = localId();
      // The reply is read aloud sentence by sentence as it streams in (doc1 §4: every reply is spoken).
      const speaker = loadPlayback()
        .then((m) => m.startReplySpeech({ onLimit: toast }))
        .catch(() => null);
      const showStreamed = (content: string) =>
        updateMessages((messages) => {
          if (messages.some((m) => m.id === streamId))
            return messages.map((m) => (m.id === streamId ? { ...m, content } : m));
          const first: ChatViewMessage = {
            id: streamId,
            role: 'assistant',
            content,
            created_at: new Date().toISOString(),
            localOnly: true,
            streaming: true,
          };
          return [...messages, first];
        });
      const withoutStream = (messages: ChatViewMessage[]) => messages.filter((m) => m.id !== streamId);
      let reveal: Reveal | undefined;
      try {
        const { streamChatMessage, createReveal } = await loadChatStream();
        // The text is shown frame by frame (smooth-reveal.ts): tokens that arrive together still read as written.
        const shown = createReveal(showStreamed);
        reveal = shown;
        const onToken = (piece: string) => {
          void speaker.then((s) => s?.push(piece));
          shown.push(piece);
        };
        const res = await streamChatMessage({ message: text, history }, { onToken });
        // `done` may come in the same read as the last tokens: the final message waits until they were painted.
        await shown.finish();
        updateChatSession((s) => ({
          sending: false,
          messages: [
            ...withoutStream(s.messages).map((m) =>
              m.id === tempId ? { ...m, id: res.userMessageId, localOnly: false } : m,
            ),
            {
              id: res.assistantMessageId,
              role: 'assistant',
              content: res.reply,
              created_at: new Date().toISOString(),
              ...(res.actions?.length ? { actions: res.actions } : {}),
            },
          ],
        }));
        flashMood('responding');
        const spoken = displayContent({ content: res.reply, actions: res.actions });
        void speaker.then((s) => s?.finish(spoken));
        // Memories are learnt from each turn, and a shortcut counts its use.
        void queryClient.invalidateQueries({ queryKey: queryKeyOf(api.chat.memories) });
        void queryClient.invalidateQueries({ queryKey: queryKeyOf(api.chat.shortcuts) });
        await refreshStored(queryClient);
      } catch (error) {
        reveal?.cancel();
        void speaker.then((s) => s?.cancel());
        // Over the daily quota: say so and when it starts again (the helper loads only on a failure).
        const quota = await import('../../api/quota').then((q) => q.quotaNotice(error)).catch(() => null);
        const failure = quota?.description ?? serverMessageOr(error, CHAT_ERROR_TEXT);
        updateChatSession((s) => ({
          sending: false,
          messages: [
            ...withoutStream(s.messages),
            {
              id: localId(),
              role: 'assistant',
              content: `${ERROR_MARKER}${failure}`,
              created_at: new Date().toISOString(),
              localOnly: true,
            },
          ],
        }));
        flashMood('error');
        toast({ title: CHAT_ERROR_TITLE, description: CHAT_ERROR_TEXT, ...quota, variant: 'destructive' });
      }
      return true;
    },

    /** 'Load previous messages': the only time stored messages are fetched on their own. */
    async loadHistory() {
      if (getChatSession().historyLoading) return;
      updateChatSession({ historyLoading: true });
      try {
        const stored = await fetchStored(queryClient);
        updateChatSession((s) => ({
          historyLoading: false,
          historyLoaded: true,
          messages: mergeStored(s.messages, stored),
        }));
        if (stored.length === 0)
          toast({ title: 'No previous messages', description: 'Your conversation starts here.' });
      } catch (error) {
        updateChatSession({ historyLoading: false });
        toast({
          title: 'Error',
          description: serverMessageOr(error, 'Could not load previous messages. Please try again.'),
          variant: 'destructive',
        });
      }
    },

    /** New chat: empties the list and stops loading stored history. */
    newChat() {
      if (getChatSession().sending) return;
      updateChatSession({ messages: [], historyLoaded: false, runningAction: null });
    },

    async runAction(messageId: string, index: number) {
      const session = getChatSession();
      if (session.runningAction) return;
      const action = session.messages.find((m) => m.id === messageId)?.actions?.[index];
      if (!action || action.executed === true) return;
      updateChatSession({ runningAction: { messageId, index } });
      const outcome = await runWithRunners(action);
      if (outcome.pending) {
        // Nothing was attempted (an integration not set up): neither done nor failed, only the toast.
        updateChatSession({ runningAction: null });
        if (outcome.toast) toast(outcome.toast);
        return;
      }
      const stored = !session.messages.find((m) => m.id === messageId)?.localOnly;
      // Stored so 'Load previous messages' shows the action done or failed as it was; a failed save changes
      // nothing on screen.
      if (stored) {
        void callApi(api.chat.setActionOutcome, { id: messageId, index, executed: outcome.ok }).catch(
          () => undefined,
        );
      }
      const cardId = `${messageId}:${index}`;
      updateChatSession((s) => ({
        runningAction: null,
        messages: s.messages.map((m) => {
          if (m.id !== messageId) return m;
          const cards = (m.cards ?? []).filter((c) => c.id !== cardId);
          return {
            ...m,
            actions: withOutcome(m.actions ?? [], index, outcome.ok),
            cards: outcome.card ? [...cards, { ...outcome.card, id: cardId }] : m.cards,
          };
        }),
      }));
      if (outcome.toast) toast(outcome.toast);
      outcome.invalidate?.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey }));
      if (outcome.openUrl) window.open(outcome.openUrl, '_blank', 'noopener,noreferrer');
    },

    dismissCard(messageId: string, cardId: string) {
      updateMessages((messages) =>
        messages.map((m) =>
          m.id === messageId ? { ...m, cards: m.cards?.filter((c) => c.id !== cardId) } : m,
        ),
      );
    },
  };
}

export type ChatController = ReturnType<typeof createController>;

/** The chat of the signed-in user: its state and what the screen can do with it. */
export function useChat(userId: string) {
  // Before the first read, so another user's chat is never shown.
  useState(() => ensureChatSessionFor(userId));
  const session = useChatSession();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const controller = useMemo(() => createController(queryClient, toast), [queryClient, toast]);
  const takeOutbox = useCallback(() => {
    const [next, ...rest] = getChatSession().outbox;
    if (next !== undefined) updateChatSession({ outbox: rest });
    return next;
  }, []);
  return { session, ...controller, takeOutbox };
}
