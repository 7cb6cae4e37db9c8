import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { VOICE_CONFIG, type VoiceConfig } from '../config/voice.config';
import { ImageRateLimitError, VisionServiceError } from './vision.errors';

/** doc1: at most 10 images a minute per user, counted in Redis so every replica shares the count. */
export const IMAGES_PER_MINUTE = 10;

@Injectable()
export class ImageRateLimiter implements OnModuleDestroy {
  private readonly redis: Redis;
  private readonly limiter: RateLimiterRedis;

  constructor(@Inject(VOICE_CONFIG) config: VoiceConfig) {
    this.redis = new Redis(config.REDIS_URL, { enableOfflineQueue: true, maxRetriesPerRequest: 2 });
    this.limiter = new RateLimiterRedis({
      storeClient: this.redis,
      keyPrefix: `${config.REDIS_PREFIX}voice:vision`,
      points: IMAGES_PER_MINUTE,
      duration: 60,
    });
  }

  async consume(userId: string) {
    try {
      await this.limiter.consume(userId);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw new ImageRateLimitError(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
      // Redis unreachable: the limit cannot be checked, so no image goes to the model unchecked.
      throw new VisionServiceError('The image analysis service is temporarily unavailable. Please try again later.');
    }
  }

  async onModuleDestroy() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
