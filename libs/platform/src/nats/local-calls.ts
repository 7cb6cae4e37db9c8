import type { MsgHdrs } from 'nats';

/**
 * Calls inside one process (JARVIS_PROCESSES=single): when the service answering a subject runs in the caller's
 * process, the RpcClient hands it the request directly instead of through the NATS server. Only the hop is skipped:
 * the request and the reply are the same JSON bytes the bus would carry (so the handler gets fresh objects and the
 * caller what JSON makes of the reply), the transport answers them with the same code (its scope, log context,
 * server span under the caller's, validation, error envelope, metrics), and the client applies the same deadline,
 * error mapping, client span and metrics. Large payloads need no Object Store.
 *
 * On when JARVIS_IN_PROCESS_CALLS=1 (the single-process entry sets it unless the operator set 0). A transport offers
 * its subjects once it listens and withdraws them as soon as it starts closing, so a closing service's requests go
 * through the bus as in split mode (to a replica elsewhere, or no responders). `<service>.health.check` always goes
 * through the bus: /health reports whether each service is reachable there.
 */

/** What the transport of a service in this process answers a request with. */
export interface LocalResponder {
  /** `subject` without the prefix; resolves with the reply's bytes and headers as they would have crossed NATS. */
  answerLocally(subject: string, request: Uint8Array, headers?: MsgHdrs): Promise<{ data: Uint8Array; headers?: MsgHdrs }>;
}

/** The responders of each prefixed subject in this process (several when a process runs replicas: tests). */
const responders = new Map<string, LocalResponder[]>();
let turn = 0;

export function localCallsEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.JARVIS_IN_PROCESS_CALLS === '1';
}

const busOnly = (subject: string) => subject.endsWith('.health.check');

/** Offers `responder` for `prefixedSubject` (no-op for subjects that always go through the bus). */
export function offerLocally(prefixedSubject: string, responder: LocalResponder): void {
  if (busOnly(prefixedSubject)) return;
  const list = responders.get(prefixedSubject) ?? [];
  if (!list.includes(responder)) responders.set(prefixedSubject, [...list, responder]);
}

/** Withdraws `responder` from every subject it offered. */
export function withdrawLocally(responder: LocalResponder): void {
  for (const [subject, list] of responders) {
    const rest = list.filter((r) => r !== responder);
    if (rest.length) responders.set(subject, rest);
    else responders.delete(subject);
  }
}

/** A responder in this process for `prefixedSubject`, taking turns when there are several; undefined otherwise. */
export function localResponder(prefixedSubject: string): LocalResponder | undefined {
  const list = responders.get(prefixedSubject);
  if (!list?.length) return undefined;
  return list[turn++ % list.length];
}
