import { lazyNamed } from '../../components/lazy-named';

const loadBubble = () => import('./MessageBubble');

/**
 * The message bubble (markdown wrapper, action buttons, toolbar) loads with the first message, not with the empty
 * chat a sign-in opens on. Focusing the text box fetches it ahead, so a first send does not wait for it.
 */
export const MessageBubble = lazyNamed(loadBubble, 'MessageBubble');

export function prefetchMessageBubble() {
  void loadBubble().catch(() => undefined);
}
