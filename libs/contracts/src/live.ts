/**
 * Live events: any service tells a signed-in browser that something changed by publishing a small JSON body on
 * core NATS subject `live.<userId>.<kind>`; the gateway relays the caller's own on `GET /api/live` as SSE
 * (`event: <kind>`). The browser refetches the queries each kind names. Kinds never change once shipped.
 */
/**
 * `call-queue`: the outbound queue changed (the badge). `calls`: an outbound call moved (queued, started, ended), so the
 * Outbound Calls screen refreshes its queue, logs and the month's call usage. `export`: an account export moved
 * (`{ id, status, progress }`); `import`: an archive's import moved (`{ id, progress }`).
 */
export const LIVE_KINDS = ['reminders', 'notifications', 'phone-messages', 'call-queue', 'calls', 'badges', 'export', 'import'] as const;
export type LiveKind = (typeof LIVE_KINDS)[number];

export interface LiveEvent {
  kind: LiveKind;
  /** Small and optional: ids, counts. Never a whole row. */
  data?: Record<string, unknown>;
}

export const LIVE_SUBJECT_ROOT = 'live';
export const liveSubject = (userId: string, kind: LiveKind) => `${LIVE_SUBJECT_ROOT}.${userId}.${kind}`;
/** Every kind for one user, for the gateway's subscription. */
export const liveUserWildcard = (userId: string) => `${LIVE_SUBJECT_ROOT}.${userId}.>`;
