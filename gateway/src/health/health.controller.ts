import { Controller, Get, Inject, Res } from '@nestjs/common';
import { BACKEND_SERVICES, type HealthReply, healthSubject } from '@jarvis/contracts';
import { NATS_CONNECTION, RpcClient } from '@jarvis/platform';
import type { FastifyReply } from 'fastify';
import type { NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { REDIS, type Redis } from '../infra/infra.module';

const CHECK_TIMEOUT_MS = 1_500;

/** 200 only when Postgres, Redis, NATS and every service answer; otherwise 503 with what is down. */
@Controller()
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    private readonly rpc: RpcClient,
  ) {}

  @Get('/health')
  async health(@Res() res: FastifyReply) {
    const [postgres, redis, nats, ...services] = await Promise.all([
      settle(this.dataSource.query('SELECT 1')),
      settle(this.redis.ping()),
      settle(this.nc.isClosed() ? Promise.reject(new Error('closed')) : this.nc.flush()),
      ...BACKEND_SERVICES.map((service) =>
        settle(
          this.rpc.request<HealthReply>(healthSubject(service), {}, { userId: null, tier: 'free', requestId: 'health' }, CHECK_TIMEOUT_MS),
          (reply) => (reply.status === 'ok' ? 'ok' : JSON.stringify(reply.checks)),
        ),
      ),
    ]);
    const checks = {
      postgres,
      redis,
      nats,
      services: Object.fromEntries(BACKEND_SERVICES.map((service, i) => [service, services[i]])),
    };
    const ok = [postgres, redis, nats, ...services].every((c) => c === 'ok');
    void res.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded', checks });
  }
}

async function settle<T>(promise: Promise<T>, describe: (value: T) => string = () => 'ok'): Promise<string> {
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS).unref());
  try {
    return describe(await Promise.race([promise, timeout]));
  } catch (error) {
    return `down: ${(error as Error).message}`;
  }
}
