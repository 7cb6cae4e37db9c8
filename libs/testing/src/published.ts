import { toErrorEnvelope } from '@jarvis/platform';
import type { MsgHdrs, NatsConnection } from 'nats';

/** One message published on a subject a test listens to. */
export interface PublishedMessage<T = any> {
  /** Its subject without the run's prefix (`live.<userId>.calls`, `evt.billing.tier.changed`). */
  subject: string;
  /** Its JSON payload: an event's envelope, a live event, or a request's `{ ctx, data }`. */
  body: T;
  headers?: MsgHdrs;
}

export interface PublishedOptions<T> {
  /**
   * Answers each request on the subject as the service behind it would, so the test plays that service (a stand-in):
   * what it returns is sent as `{ ok: true, data }`, a `DomainError` it throws as `{ ok: false, error }`.
   */
  reply?: (message: PublishedMessage<T>) => unknown;
}

/** What was published on a subject since the test started listening, in order. */
export interface Published<T = any> {
  readonly messages: PublishedMessage<T>[];
  /** The payloads so far. */
  bodies(): T[];
  /** Stops listening, once the NATS server knows (the harness stops every listener when it closes). */
  stop(): Promise<void>;
}

/**
 * Listens on `subject` (a subject, a wildcard such as `live.>`, or a declaration's subject) under `prefix`, and
 * records what is published there; resolves once the NATS server has the subscription, so nothing published after
 * it is missed.
 */
export async function listenTo<T = any>(
  nc: NatsConnection,
  prefix: string,
  subject: string | { subject: string },
  options: PublishedOptions<T> = {},
): Promise<Published<T>> {
  const name = typeof subject === 'string' ? subject : subject.subject;
  const messages: PublishedMessage<T>[] = [];
  const sub = nc.subscribe(prefix + name, {
    callback: (_error, msg) => {
      const message: PublishedMessage<T> = { subject: msg.subject.slice(prefix.length), body: msg.json<T>(), headers: msg.headers };
      messages.push(message);
      if (!options.reply || !msg.reply) return;
      void (async () => {
        try {
          msg.respond(JSON.stringify({ ok: true, data: (await options.reply!(message)) ?? null }));
        } catch (error) {
          msg.respond(JSON.stringify({ ok: false, error: toErrorEnvelope(error) }));
        }
      })();
    },
  });
  await nc.flush();
  return {
    messages,
    bodies: () => messages.map((m) => m.body),
    async stop() {
      if (sub.isClosed()) return;
      sub.unsubscribe();
      if (!nc.isClosed()) await nc.flush();
    },
  };
}
