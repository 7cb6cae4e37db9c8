import type { ActionType } from '@jarvis/contracts';
import { isApiError } from '../../api/client';
import { quotaNotice } from '../../api/quota';
import type { ToastInput } from '../../components/toast/toast-context';
import type { InlineCardInput } from '../../state/inline-card';

/** What a run produced: the toast to show, a card for under the message, and queries to refresh. */
export interface ActionOutcome {
  ok: boolean;
  toast?: ToastInput;
  card?: InlineCardInput;
  invalidate?: (readonly unknown[])[];
  /** A page to open in a new tab (an unsubscribe link, the contracts document service). */
  openUrl?: string;
  /**
   * Nothing was attempted (an integration that is not set up): the action stays as it was, neither done nor failed,
   * and only the toast shows.
   */
  pending?: boolean;
  /** A short summary read aloud, as replies are (events found, phone messages). */
  speak?: string;
}

/** Runs one action type with the args the model gave. May throw: the registry turns a throw into 'Action Failed'. */
export type ActionHandler = (
  args: Record<string, unknown>,
  type: ActionType,
) => Promise<ActionOutcome> | ActionOutcome;

/** What an area's `<area>.actions.ts` exports as `actions`: the handlers of the action types it owns. */
export type ActionHandlers = Partial<Record<ActionType, ActionHandler>>;

/** Identity, for the types: `export const actions = defineActions({ get_weather: ... })`. */
export function defineActions(handlers: ActionHandlers): ActionHandlers {
  return handlers;
}

/** An arg as trimmed text ('' when absent). */
export const str = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : value == null ? '' : String(value);

/** The server's `error` text of a failure, else its message. */
export function errorText(error: unknown): string {
  if (isApiError(error)) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/** A failed outcome with a destructive toast. */
export function failed(title: string, description: string): ActionOutcome {
  return { ok: false, toast: { title, description, variant: 'destructive' } };
}

/** 'Action Failed' / 'Failed to execute {type}: {message}' (doc1 §8). */
export function actionFailed(type: string, message: string): ActionOutcome {
  return failed('Action Failed', `Failed to execute ${type}: ${message}`);
}

/**
 * Runs `call`; a throw becomes a failed outcome titled `errorTitle` with the server's text, or 'Daily limit reached'
 * with when it resets when the call went over the user's daily quota.
 */
export async function orFailed(
  errorTitle: string,
  call: () => Promise<ActionOutcome>,
): Promise<ActionOutcome> {
  try {
    return await call();
  } catch (error) {
    const quota = quotaNotice(error);
    return quota ? failed(quota.title, quota.description) : failed(errorTitle, errorText(error));
  }
}
