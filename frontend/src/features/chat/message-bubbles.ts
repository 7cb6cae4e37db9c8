import { lazyNamed } from '../../components/lazy-named';

const loadBubble = () => import('./MessageBubble');
const loadTyping = () => import('./TypingIndicator');

/** The streamed send (api/chat-stream.ts) and its frame-by-frame reveal, fetched ahead with the bubble. */
export const loadChatStream = () =>
  Promise.all([import('../../api/chat-stream'), import('./smooth-reveal')]).then(([stream, reveal]) => ({
    ...stream,
    ...reveal,
  }));

/**
 * The message bubble (markdown wrapper, action buttons, toolbar) loads with the first message, not with the empty
 * chat a sign-in opens on. Focusing the text box fetches it ahead, so a first send does not wait for it.
 */
export const MessageBubble = lazyNamed(loadBubble, 'MessageBubble');
/** The dots while Jarvis answers: shown only after a send, so they come with the bubble too. */
export const TypingIndicator = lazyNamed(loadTyping, 'TypingIndicator');

export function prefetchMessageBubble() {
  for (const load of [loadBubble, loadTyping, loadChatStream]) void load().catch(() => undefined);
}
