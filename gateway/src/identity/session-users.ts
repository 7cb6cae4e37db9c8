import { Injectable } from '@nestjs/common';
import type { Tier } from '@jarvis/contracts';
import type { FastifyRequest as Request } from 'fastify';
import { UsersRepository } from './users.repository';

interface Cached {
  tier: Tier;
  expiresAt: number;
}

const TTL_MS = 5_000;

/**
 * Resolves the signed-in caller for each /api request. The tier is cached for a few seconds so the hot path does
 * not read Postgres on every call; a tier change event clears the entry at once.
 */
@Injectable()
export class SessionUsers {
  private readonly cache = new Map<string, Cached>();

  constructor(private readonly users: UsersRepository) {}

  async resolve(req: Request): Promise<{ userId: string; tier: Tier } | null> {
    const userId = req.session?.userId;
    if (!userId) return null;
    const cached = this.cache.get(userId);
    if (cached && cached.expiresAt > Date.now()) return { userId, tier: cached.tier };
    const user = await this.users.findById(userId);
    if (!user) {
      this.cache.delete(userId);
      return null;
    }
    const tier = user.subscriptionTier as Tier;
    if (this.cache.size > 50_000) this.cache.clear();
    this.cache.set(userId, { tier, expiresAt: Date.now() + TTL_MS });
    return { userId, tier };
  }

  forget(userId: string) {
    this.cache.delete(userId);
  }
}
