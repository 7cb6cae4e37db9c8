import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { NATS_CONNECTION } from '@jarvis/platform';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config';

const codec = JSONCodec<{ sessionId: string }>();
/** Core NATS: whichever gateway replica ends a session tells every replica, so each closes what it holds for it. */
const SESSION_ENDED_SUBJECT = 'gateway.sessions.ended';

@Injectable()
export class SessionEndings implements OnModuleInit, OnApplicationShutdown {
  private readonly listeners = new Set<(sessionId: string) => void>();
  private subscription?: Subscription;
  private readonly subject: string;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.subject = config.NATS_SUBJECT_PREFIX + SESSION_ENDED_SUBJECT;
  }

  onModuleInit() {
    this.subscription = this.nc.subscribe(this.subject, {
      callback: (_err, msg) => {
        const { sessionId } = codec.decode(msg.data);
        for (const listener of this.listeners) listener(sessionId);
      },
    });
  }

  announce(sessionId: string) {
    if (!this.nc.isClosed()) this.nc.publish(this.subject, codec.encode({ sessionId }));
  }

  /**
   * Ends several sessions everywhere: this replica at once (its next request must not find them in its cache), the
   * others as soon as NATS delivers, which this waits to have accepted the announcements.
   */
  async announceAll(sessionIds: string[]) {
    for (const sessionId of sessionIds) {
      for (const listener of this.listeners) listener(sessionId);
      this.announce(sessionId);
    }
    if (!this.nc.isClosed()) await this.nc.flush();
  }

  onEnded(listener: (sessionId: string) => void) {
    this.listeners.add(listener);
  }

  onApplicationShutdown() {
    this.subscription?.unsubscribe();
  }
}
