import type { ChatAction } from '@jarvis/contracts';

/** The outcome of a run: success executes the action, an error marks it executed=false. */
export function withOutcome<A extends ChatAction>(actions: readonly A[], index: number, ok: boolean): A[] {
  return actions.map((a, i) => (i === index ? { ...a, executed: ok } : a));
}
