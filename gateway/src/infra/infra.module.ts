import { Global, Module } from '@nestjs/common';
import { connectionProviders, INFRA_CONFIG } from '@jarvis/platform';
import { GATEWAY_CONFIG, loadGatewayConfig } from '../config/gateway.config';
import { accountEntities } from '../account/account.entities';
import { identityEntities } from '../identity/identity.entities';
import { identityMigrations } from '../identity/migrations';

const connections = connectionProviders({
  configToken: GATEWAY_CONFIG,
  connectionName: 'jarvis-gateway',
  database: { schema: 'identity', entities: [...identityEntities, ...accountEntities], migrations: identityMigrations },
});

const providers = [
  { provide: GATEWAY_CONFIG, useFactory: () => loadGatewayConfig() },
  // What the platform's modules read (the queues: REDIS_PREFIX), as in every service.
  { provide: INFRA_CONFIG, useExisting: GATEWAY_CONFIG },
  ...connections,
];

/**
 * The gateway's connections, as every process has them: NATS, Postgres (schema identity), the event bus and Redis
 * (`RedisConnection`: sessions, quotas, sign-in limits).
 */
@Global()
@Module({ providers, exports: providers.filter((p) => typeof p !== 'function') })
export class InfraModule {}
