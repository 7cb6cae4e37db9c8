import { type LiveEvent, type LiveKind, liveSubject } from '@jarvis/contracts';
import { JSONCodec, type NatsConnection } from 'nats';
import { createLogger } from '../logger';

const codec = JSONCodec<LiveEvent>();
const log = createLogger('live-events');
/** A user id becomes a subject token: anything that could widen the subject (`.`, `*`, `>`, spaces) is refused. */
const SUBJECT_TOKEN = /^[A-Za-z0-9_-]+$/;

/**
 * Tells a signed-in browser that something of its user changed (`live.<userId>.<kind>` on core NATS, relayed by the
 * gateway as SSE). A hint to refetch, not data: fire and forget, so a failure never breaks the write that caused it;
 * the browser's polling covers a lost event.
 */
export class LiveEvents {
  constructor(
    private readonly nc: NatsConnection,
    private readonly prefix: string,
  ) {}

  publish(userId: string, kind: LiveKind, data?: Record<string, unknown>): void {
    try {
      if (!SUBJECT_TOKEN.test(userId)) throw new Error('user id is not a subject token');
      this.nc.publish(this.prefix + liveSubject(userId, kind), codec.encode(data ? { kind, data } : { kind }));
    } catch (error) {
      log.warn({ err: error, userId, kind }, 'live event not published');
    }
  }
}
