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
import { createLogger, currentLogContext, withLogContext } from '../logger';

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

  constructor(
    private readonly nc: NatsConnection,
    private readonly prefix: string,
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
    await this.js!.publish(this.prefix + name, codec.encode(envelope), { msgID: idempotencyKey });
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
    const consumer = await this.js!.consumers.get(this.streamName, consumerName);
    const messages = await consumer.consume({ max_messages: 16 });
    this.running.push(messages);
    const loop = (async () => {
      for await (const msg of messages) {
        const event = codec.decode(msg.data) as EventEnvelope<N>;
        try {
          await withLogContext({ requestId: event.requestId ?? event.id }, () => handler(event));
          msg.ack();
        } catch (error) {
          log.error({ err: error, event: event.name, eventId: event.id, attempt: msg.info.redeliveryCount }, 'event handler failed');
          msg.nak(retryDelayMs);
        }
      }
    })();
    this.loops.push(loop);
  }

  async close() {
    for (const messages of this.running) await messages.close().catch(() => undefined);
    await Promise.allSettled(this.loops);
  }
}
