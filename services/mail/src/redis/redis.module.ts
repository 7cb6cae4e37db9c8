import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { MAIL_CONFIG, type MailConfig } from '../config/mail.config';

/** The mail service's Redis client and REDIS_PREFIX (OAuth states live under `<prefix>mail:`). */
export class MailRedis {
  constructor(
    readonly client: Redis,
    readonly prefix: string,
  ) {}
}

class RedisLifecycle implements OnApplicationShutdown {
  constructor(@Inject(MailRedis) private readonly redis: MailRedis) {}

  async onApplicationShutdown() {
    await this.redis.client.quit().catch(() => this.redis.client.disconnect());
  }
}

@Global()
@Module({
  providers: [
    {
      provide: MailRedis,
      inject: [MAIL_CONFIG],
      useFactory: (config: MailConfig) => new MailRedis(new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }), config.REDIS_PREFIX),
    },
    RedisLifecycle,
  ],
  exports: [MailRedis],
})
export class RedisModule {}
