import type { ChatAction } from '@jarvis/contracts';
import {
  actionFailed,
  errorText,
  type ActionHandler,
  type ActionHandlers,
  type ActionOutcome,
} from '../../chat-kit/action-kit';

export type { ActionOutcome } from '../../chat-kit/action-kit';
export { actionFailed } from '../../chat-kit/action-kit';

/**
 * Every `features/<area>/<area>.actions.ts` (and `features/<area>/actions/*.actions.ts`), found at build time: each
 * exports `actions`, the handlers of the action types its area owns. A new area adds its file and nothing here.
 * The files load (each its own chunk, with the API modules it calls) when the first action runs, never at start.
 */
const ACTION_MODULES = import.meta.glob<{ actions: ActionHandlers }>('../../**/*.actions.ts');

let registry: Promise<Map<string, ActionHandler>> | undefined;

/** Action type → handler, from every area's file; a type claimed twice is a bug and fails loudly. */
export function loadActionRegistry(): Promise<Map<string, ActionHandler>> {
  registry ??= Promise.all(
    Object.entries(ACTION_MODULES).map(async ([file, load]) => [file, (await load()).actions] as const),
  )
    .then((modules) => {
      const handlers = new Map<string, ActionHandler>();
      for (const [file, actions] of modules) {
        for (const [type, handler] of Object.entries(actions)) {
          if (handlers.has(type)) throw new Error(`Action ${type} is registered twice (again in ${file})`);
          if (handler) handlers.set(type, handler);
        }
      }
      return handlers;
    })
    .catch((error: unknown) => {
      registry = undefined; // a failed chunk load may succeed on the next run
      throw error;
    });
  return registry;
}

/**
 * Runs one action against the real endpoints (doc1 §4, §7, §8). Never throws: a failure is an outcome with
 * ok false and the toast of its type; a type no area handles is 'not available in Jarvis yet'.
 */
export async function executeAction(action: Pick<ChatAction, 'type' | 'args'>): Promise<ActionOutcome> {
  const { type } = action;
  try {
    const handler = (await loadActionRegistry()).get(type);
    if (!handler) return actionFailed(type, 'This action is not available in Jarvis yet.');
    const outcome = await handler(action.args ?? {}, type);
    if (outcome.speak) speakSummary(outcome.speak);
    return outcome;
  } catch (error) {
    return actionFailed(type, errorText(error));
  }
}

/** A result's short summary is read aloud like a reply (doc1 §9: events and phone messages), with its playback code. */
function speakSummary(text: string) {
  void import('../../voice/speech-playback')
    .then((playback) => playback.speakText(text, 'action'))
    .catch(() => undefined);
}
