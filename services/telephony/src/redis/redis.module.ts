import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { TELEPHONY_CONFIG, type TelephonyConfig } from '../config/telephony.config';

/** The telephony service's Redis client; keys are written under REDIS_PREFIX through `TelephonyRedis.key`. */
export class TelephonyRedis {
  constructor(
    readonly client: Redis,
    private readonly prefix: string,
  ) {}

  key(...parts: string[]) {
    return `${this.prefix}telephony:${parts.join(':')}`;
  }
}

class RedisLifecycle implements OnApplicationShutdown {
  constructor(@Inject(TelephonyRedis) private readonly redis: TelephonyRedis) {}

  async onApplicationShutdown() {
    await this.redis.client.quit().catch(() => this.redis.client.disconnect());
  }
}

@Global()
@Module({
  providers: [
    {
      provide: TelephonyRedis,
      inject: [TELEPHONY_CONFIG],
      useFactory: (config: TelephonyConfig) =>
        new TelephonyRedis(new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: false }), config.REDIS_PREFIX),
    },
    RedisLifecycle,
  ],
  exports: [TelephonyRedis],
})
export class RedisModule {}
