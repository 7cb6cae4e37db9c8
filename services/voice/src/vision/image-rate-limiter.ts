import { Injectable } from '@nestjs/common';
import { RedisConnection } from '@jarvis/platform';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ImageRateLimitError, VisionServiceError } from './vision.errors';

/** doc1: at most 10 images a minute per user, counted in Redis so every replica shares the count. */
export const IMAGES_PER_MINUTE = 10;

@Injectable()
export class ImageRateLimiter {
  private readonly limiter: RateLimiterRedis;

  constructor(redis: RedisConnection) {
    this.limiter = new RateLimiterRedis({
      storeClient: redis.client,
      keyPrefix: redis.key('voice', 'vision'),
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
}
