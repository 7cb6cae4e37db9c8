import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { connectionProviders } from '@jarvis/platform';
import { createClient, type RedisClientType } from 'redis';
import { GATEWAY_CONFIG, type GatewayConfig, loadGatewayConfig } from '../config/gateway.config';
import { identityEntities } from '../identity/identity.entities';
import { identityMigrations } from '../identity/migrations';

export const REDIS = Symbol('REDIS');
export type Redis = RedisClientType;

@Injectable()
class RedisLifecycle implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown() {
    if (this.redis.isOpen) await this.redis.quit().catch(() => undefined);
  }
}

const connections = connectionProviders({
  configToken: GATEWAY_CONFIG,
  connectionName: 'jarvis-gateway',
  database: { schema: 'identity', entities: identityEntities, migrations: identityMigrations },
});

const providers = [
  { provide: GATEWAY_CONFIG, useFactory: () => loadGatewayConfig() },
  ...connections,
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
  RedisLifecycle,
];

/** The gateway's connections: NATS, Postgres (schema identity) and the event bus as every process has them, plus Redis. */
@Global()
@Module({ providers, exports: providers.filter((p) => typeof p !== 'function') })
export class InfraModule {}
