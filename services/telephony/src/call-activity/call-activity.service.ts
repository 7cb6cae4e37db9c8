import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { createLogger, RedisConnection, ServiceMetrics } from '@jarvis/platform';
import { TELEPHONY_CONFIG, type TelephonyConfig } from '../config/telephony.config';
import { type CallDirection, CALLS_ACTIVE, CALLS_TOTAL } from './call-activity.metrics';

const log = createLogger('call-activity');

/** Twilio ends any call after 4 hours: an inbound call whose end never reached us stops counting then. */
const INBOUND_MAX_MS = 4 * 3_600_000;
/** Twilio's final statuses: anything else is not an outcome (and would be a label nobody declared). */
const OUTCOMES = new Set(['completed', 'busy', 'no-answer', 'failed', 'canceled']);

/**
 * Which calls are in progress, for `jarvis_calls_active` and `jarvis_calls_total`: a sorted set per direction in
 * Redis (`<prefix>telephony:calls-active:<direction>`, the call's id scored by its start), so every replica sees
 * every call, a retried webhook adds or removes nothing twice, and a call whose end was lost leaves it after the
 * longest a call can last.
 */
@Injectable()
export class CallActivity implements OnModuleInit, OnModuleDestroy {
  private stopCollecting?: () => void;

  constructor(
    private readonly redis: RedisConnection,
    private readonly metrics: ServiceMetrics,
    @Inject(TELEPHONY_CONFIG) private readonly config: TelephonyConfig,
  ) {}

  onModuleInit() {
    this.metrics.get(CALLS_TOTAL);
    this.stopCollecting = this.metrics.onCollect(CALLS_ACTIVE, async (gauge) => {
      for (const direction of ['inbound', 'outbound'] as const) {
        const key = this.key(direction);
        await this.redis.client.zremrangebyscore(key, '-inf', Date.now() - this.maxAge(direction));
        gauge.set({ direction }, await this.redis.client.zcard(key));
      }
    });
  }

  onModuleDestroy() {
    this.stopCollecting?.();
  }

  /**
   * A call began (its id: the CallSid, or the call log's id); again for the same call changes nothing. Never throws:
   * a metric never stops a call.
   */
  async started(direction: CallDirection, id: string): Promise<void> {
    await this.redis.client.zadd(this.key(direction), 'NX', Date.now(), id).catch((error: Error) => log.warn({ err: error }, 'call not counted as started'));
  }

  /**
   * A call ended with `outcome`. Counted once: by the replica whose removal took it off the set, or, with `once`
   * (the caller already ends each call once, like outbound's CallEnds), always. A final status of a call that never
   * started here (a number of nobody) counts nothing.
   */
  async ended(direction: CallDirection, id: string, outcome: string, options: { once?: boolean } = {}): Promise<void> {
    const removed = await this.redis.client.zrem(this.key(direction), id).catch((error: Error) => {
      log.warn({ err: error }, 'call not counted as ended');
      return 0;
    });
    if (!removed && !options.once) return;
    this.metrics.get(CALLS_TOTAL).inc({ direction, outcome: OUTCOMES.has(outcome) ? outcome : 'other' });
  }

  private key(direction: CallDirection) {
    return this.redis.key('telephony', 'calls-active', direction);
  }

  private maxAge(direction: CallDirection) {
    return direction === 'inbound' ? INBOUND_MAX_MS : this.config.OUTBOUND_MAX_CALL_MS + 60_000;
  }
}
