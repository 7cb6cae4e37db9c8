import { randomUUID } from 'node:crypto';
import { EVENTS_STREAM, type EventEnvelope, type EventMap, type EventName } from '@jarvis/contracts';
import {
  AckPolicy,
  type ConsumerMessages,
  DeliverPolicy,
  type JetStreamClient,
  type JetStreamManager,
  JSONCodec,
  type NatsConnection,
} from 'nats';
import { ROOT_CONTEXT } from '@opentelemetry/api';
import { createLogger, currentLogContext, withLogContext } from '../logger';
import { natsAttributes } from '../nats/rpc-client';
import type { ServiceMetrics } from '../observability/metrics';
import { EVENT_CONSUMER_PENDING } from '../observability/platform-metrics';
import {
  contextFromHeaders,
  endSpan,
  linkFrom,
  otelContext,
  otelTrace,
  SpanKind,
  traceHeaders,
  tracer,
  tracingEnabled,
} from '../observability/tracing';

const codec = JSONCodec();
const log = createLogger('events');

export type EventHandler<N extends EventName> = (event: EventEnvelope<N>) => Promise<void>;

/**
 * Durable events on JetStream. Publishing dedupes on the idempotency key (JetStream's Nats-Msg-Id window); consumers
 * are durable, ack explicitly and are redelivered after a failure or a restart.
 */
export class EventBus {
  private js?: JetStreamClient;
  private jsm?: JetStreamManager;
  private readonly running: ConsumerMessages[] = [];
  private readonly loops: Promise<void>[] = [];

  /** The durable consumers this bus consumes with (their names as JetStream knows them and as labels). */
  private readonly consumers = new Map<string, string>();
  private stopCollecting?: () => void;

  constructor(
    private readonly nc: NatsConnection,
    private readonly prefix: string,
    /** The service's registry: `jarvis_event_consumer_pending` of each durable consumer it subscribes. */
    private readonly metrics?: ServiceMetrics,
  ) {}

  get streamName() {
    return `${this.prefix.replace(/[^A-Za-z0-9_-]/g, '_')}${EVENTS_STREAM}`;
  }

  async ensureStream() {
    if (this.jsm) return;
    this.jsm = await this.nc.jetstreamManager();
    this.js = this.nc.jetstream();
    const subjects = [`${this.prefix}evt.>`];
    try {
      await this.jsm.streams.info(this.streamName);
    } catch {
      try {
        await this.jsm.streams.add({ name: this.streamName, subjects, duplicate_window: 10 * 60 * 1_000_000_000 });
      } catch (error) {
        // Another process created it between our look-up and add.
        await this.jsm.streams.info(this.streamName).catch(() => {
          throw error;
        });
      }
    }
  }

  async publish<N extends EventName>(name: N, data: EventMap[N], idempotencyKey: string = randomUUID()) {
    await this.ensureStream();
    const envelope: EventEnvelope<N> = {
      id: idempotencyKey,
      name,
      occurredAt: new Date().toISOString(),
      requestId: currentLogContext().requestId,
      data,
    };
    if (!tracingEnabled()) {
      await this.js!.publish(this.prefix + name, codec.encode(envelope), { msgID: idempotencyKey });
      return;
    }
    // Traced: a producer span in the caller's trace, whose context the message headers carry to the consumers.
    const span = tracer().startSpan(`publish ${name}`, { kind: SpanKind.PRODUCER, attributes: natsAttributes(name, 'send') });
    try {
      const headers = traceHeaders(otelTrace.setSpan(otelContext.active(), span));
      await this.js!.publish(this.prefix + name, codec.encode(envelope), { msgID: idempotencyKey, headers });
      span.end();
    } catch (error) {
      endSpan(span, error);
      throw error;
    }
  }

  /**
   * Consumes `name` with the durable consumer `durable` (one per consuming feature). Replicas that use the same
   * durable share the work. A handler that throws gets the event again after `retryDelayMs`.
   */
  async subscribe<N extends EventName>(name: N, durable: string, handler: EventHandler<N>, retryDelayMs = 2_000) {
    await this.ensureStream();
    const consumerName = `${this.prefix.replace(/[^A-Za-z0-9_-]/g, '_')}${durable}`;
    try {
      await this.jsm!.consumers.info(this.streamName, consumerName);
    } catch {
      await this.jsm!.consumers.add(this.streamName, {
        durable_name: consumerName,
        filter_subject: this.prefix + name,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        max_deliver: 20,
        ack_wait: 30_000_000_000,
      });
    }
    this.watchPending(consumerName, durable);
    const consumer = await this.js!.consumers.get(this.streamName, consumerName);
    const messages = await consumer.consume({ max_messages: 16 });
    this.running.push(messages);
    const loop = (async () => {
      for await (const msg of messages) {
        const event = codec.decode(msg.data) as EventEnvelope<N>;
        // Traced: a consumer span of its own, linked to the publisher's (a redelivery hours later is no child of it).
        const span = tracingEnabled()
          ? tracer().startSpan(
              `process ${event.name}`,
              { kind: SpanKind.CONSUMER, attributes: natsAttributes(event.name, 'process'), links: linkFrom(contextFromHeaders(msg.headers)) },
              ROOT_CONTEXT,
            )
          : undefined;
        const run = () => withLogContext({ requestId: event.requestId ?? event.id }, () => handler(event));
        try {
          await (span ? otelContext.with(otelTrace.setSpan(ROOT_CONTEXT, span), run) : run());
          msg.ack();
          span?.end();
        } catch (error) {
          log.error({ err: error, event: event.name, eventId: event.id, attempt: msg.info.redeliveryCount }, 'event handler failed');
          msg.nak(retryDelayMs);
          if (span) endSpan(span, error);
        }
      }
    })();
    this.loops.push(loop);
  }

  /**
   * `jarvis_event_consumer_pending{stream, consumer}` of a durable this bus consumes: JetStream's messages not yet
   * delivered plus those delivered and not acknowledged, read at each scrape. Labels drop the run prefix.
   */
  private watchPending(consumerName: string, durable: string) {
    if (!this.metrics || this.consumers.has(consumerName)) return;
    this.consumers.set(consumerName, durable);
    this.stopCollecting ??= this.metrics.onCollect(EVENT_CONSUMER_PENDING, async (gauge) => {
      if (!this.jsm || this.nc.isClosed()) return;
      await Promise.all(
        [...this.consumers].map(async ([name, label]) => {
          const info = await this.jsm!.consumers.info(this.streamName, name).catch(() => undefined);
          if (info) gauge.set({ stream: EVENTS_STREAM, consumer: label }, info.num_pending + info.num_ack_pending);
        }),
      );
    });
  }

  async close() {
    this.stopCollecting?.();
    this.stopCollecting = undefined;
    for (const messages of this.running) await messages.close().catch(() => undefined);
    await Promise.allSettled(this.loops);
  }
}
