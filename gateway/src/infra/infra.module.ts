import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { connectNats, EventBus, NATS_CONNECTION, openDatabase, RpcClient } from '@jarvis/platform';
import type { NatsConnection } from 'nats';
import { createClient, type RedisClientType } from 'redis';
import { DataSource } from 'typeorm';
import { GATEWAY_CONFIG, type GatewayConfig, loadGatewayConfig } from '../config/gateway.config';
import { UserEntity } from '../identity/entities/user.entity';
import { identityMigrations } from '../identity/migrations';

export const REDIS = Symbol('REDIS');
export type Redis = RedisClientType;

@Injectable()
class InfraLifecycle implements OnApplicationShutdown {
  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly dataSource: DataSource,
    private readonly events: EventBus,
  ) {}

  async onApplicationShutdown() {
    await this.events.close();
    if (!this.nc.isClosed()) await this.nc.drain().catch(() => undefined);
    if (this.redis.isOpen) await this.redis.quit().catch(() => undefined);
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

const providers = [
  { provide: GATEWAY_CONFIG, useFactory: () => loadGatewayConfig() },
  {
    provide: NATS_CONNECTION,
    inject: [GATEWAY_CONFIG],
    useFactory: (config: GatewayConfig) => connectNats(config.NATS_URL, 'jarvis-gateway'),
  },
  {
    provide: RpcClient,
    inject: [NATS_CONNECTION, GATEWAY_CONFIG],
    useFactory: (nc: NatsConnection, config: GatewayConfig) => new RpcClient(nc, config.NATS_SUBJECT_PREFIX),
  },
  {
    provide: EventBus,
    inject: [NATS_CONNECTION, GATEWAY_CONFIG],
    useFactory: (nc: NatsConnection, config: GatewayConfig) => new EventBus(nc, config.NATS_SUBJECT_PREFIX),
  },
  {
    provide: DataSource,
    inject: [GATEWAY_CONFIG],
    useFactory: (config: GatewayConfig) =>
      openDatabase(config, { schema: 'identity', entities: [UserEntity], migrations: identityMigrations }),
  },
  {
    provide: REDIS,
    inject: [GATEWAY_CONFIG],
    useFactory: async (config: GatewayConfig) => {
      const client = createClient({ url: config.REDIS_URL, socket: { reconnectStrategy: (n) => Math.min(n * 200, 3000) } });
      client.on('error', () => undefined); // reconnects on its own; /health reports the outage
      await client.connect();
      return client;
    },
  },
  InfraLifecycle,
];

/** Connections the gateway holds: NATS, Postgres (schema identity), Redis. */
@Global()
@Module({ providers, exports: providers.filter((p) => p !== InfraLifecycle) })
export class InfraModule {}
