import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { CHAT_CONFIG, type ChatConfig } from '../config/chat.config';

/**
 * The chat service's own Redis connection (REDIS_URL; keys under REDIS_PREFIX) for short-lived shared state: the
 * Discord install flow's OAuth states.
 */
@Injectable()
export class ChatRedis implements OnApplicationShutdown {
  readonly client: Redis;
  readonly prefix: string;

  constructor(@Inject(CHAT_CONFIG) config: ChatConfig) {
    this.client = new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    // Failures surface on the commands that need Redis; the connection retries on its own.
    this.client.on('error', () => undefined);
    this.prefix = config.REDIS_PREFIX;
  }

  async onApplicationShutdown() {
    await this.client.quit().catch(() => this.client.disconnect());
  }
}

@Global()
@Module({ providers: [ChatRedis], exports: [ChatRedis] })
export class ChatRedisModule {}
