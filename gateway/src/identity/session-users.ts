import { Injectable } from '@nestjs/common';
import { type Endpoint, PlanRequiredError, type RequestContext, type Tier, tierAtLeast, UnauthenticatedError } from '@jarvis/contracts';
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
    // A deleted account's sessions are ended; one that a replica still caches signs in nothing.
    if (!user || user.deletedAt) {
      this.cache.delete(userId);
      return null;
    }
    const tier = user.subscriptionTier as Tier;
    if (this.cache.size > 50_000) this.cache.clear();
    this.cache.set(userId, { tier, expiresAt: Date.now() + TTL_MS });
    return { userId, tier };
  }

  /**
   * The context a call of `endpoint` runs with, once its access lets the caller in. 'public': anyone, with the signed-in
   * user's id when there is one and the visitor's address; otherwise a signed-in user (401, with the endpoint's own code
   * where it names one) on at least the plan `{ minTier }` names (402).
   */
  async contextFor(endpoint: Endpoint, req: Request): Promise<RequestContext> {
    const caller = await this.resolve(req);
    if (endpoint.access === 'public') {
      return { userId: caller?.userId ?? null, tier: caller?.tier ?? 'free', requestId: req.id, clientIp: req.ip };
    }
    if (!caller) throw new UnauthenticatedError(undefined, endpoint.unauthenticatedCode);
    if (typeof endpoint.access === 'object' && !tierAtLeast(caller.tier, endpoint.access.minTier)) {
      const plan = endpoint.access.minTier === 'premium' ? 'Premium or Enterprise' : 'Enterprise';
      throw new PlanRequiredError(`This feature requires the ${plan} plan.`, endpoint.access.minTier);
    }
    return { userId: caller.userId, tier: caller.tier, requestId: req.id };
  }

  forget(userId: string) {
    this.cache.delete(userId);
  }
}
