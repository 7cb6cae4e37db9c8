import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  api,
  DomainError,
  type Endpoint,
  ErrorKind,
  QUOTA_KIND_NAMES,
  QUOTA_KINDS,
  quotaCost,
  quotaDay,
  quotaDayEnd,
  QuotaExceededError,
  type QuotaKind,
  type QuotaUsage,
  type RequestContext,
  type Tier,
  type UserContext,
} from '@jarvis/contracts';
import { RpcClient } from '@jarvis/platform';
import { QuotaCounter } from './quota-counter';
import { QuotaLimits } from './quota.config';

const PLAN_NAMES: Record<Tier, string> = { free: 'Free', premium: 'Premium', enterprise: 'Enterprise' };

interface Charge {
  key: string;
  cost: number;
  used: number;
}

/**
 * Charges the daily quota an endpoint declares (`quota` in its contract) per user and plan: after the request was
 * authenticated and validated, before it goes to the service. Over the limit the call is not made (429
 * QUOTA_EXCEEDED). A call that fails gives its units back, since the user got nothing; a call that timed out (504)
 * keeps them, since the provider may still have done (and billed) the work, and so does a stream the browser left.
 */
@Injectable()
export class QuotaService {
  private readonly logger = new Logger('QuotaService');

  constructor(
    private readonly counter: QuotaCounter,
    @Inject(QuotaLimits) private readonly limits: QuotaLimits,
    private readonly rpc: RpcClient,
  ) {}

  /** Runs `call` if the caller's quota for `endpoint` has room for `input`'s cost; endpoints without a quota just run. */
  async metered<T>(endpoint: Endpoint, input: unknown, ctx: RequestContext, call: () => Promise<T>): Promise<T> {
    if (!endpoint.quota || !ctx.userId) return call();
    const charge = await this.charge(ctx.userId, ctx.tier, endpoint.quota.kind, quotaCost(endpoint.quota, input));
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof DomainError && error.kind === ErrorKind.DeadlineExceeded)) await this.giveBack(charge);
      throw error;
    }
  }

  /**
   * `internalApi.identity.chargeQuota`: what a service meters itself while it runs (a live voice session's exchanges
   * and audio). Counted like a metered call, and refused the same way over the limit; nothing is given back.
   */
  async chargeFor(ctx: UserContext, kind: QuotaKind, cost: number): Promise<{ used: number; limit: number | 'unlimited' }> {
    const { used } = await this.charge(ctx.userId, ctx.tier, kind, cost);
    return { used, limit: this.limits.limit(kind, ctx.tier) };
  }

  /** GET /api/usage: billing's outgoing calls this month and today's use of every quota. */
  async usage(ctx: UserContext) {
    const now = new Date();
    const day = quotaDay(now);
    const resetsAt = quotaDayEnd(now).toISOString();
    const [calls, used] = await Promise.all([
      this.rpc.call(api.billing.callUsage, {}, ctx),
      this.counter.read(QUOTA_KIND_NAMES.map((kind) => this.counter.key(ctx.userId, kind, day))),
    ]);
    const quotas: QuotaUsage[] = QUOTA_KIND_NAMES.map((kind, i) => ({
      kind,
      unit: QUOTA_KINDS[kind].unit,
      label: QUOTA_KINDS[kind].label,
      used: used[i],
      limit: this.limits.limit(kind, ctx.tier),
      resetsAt,
    }));
    return { outgoingCallsThisMonth: calls.outgoingCallsThisMonth, limit: calls.limit, quotas };
  }

  private async charge(userId: string, tier: Tier, kind: QuotaKind, cost: number): Promise<Charge> {
    const now = new Date();
    const dayEnd = quotaDayEnd(now);
    const limit = this.limits.limit(kind, tier);
    const key = this.counter.key(userId, kind, quotaDay(now));
    const { taken, used } = await this.counter.take(key, cost, limit === 'unlimited' ? null : limit, dayEnd);
    if (!taken) throw this.exceeded(kind, tier, limit as number, used, cost, dayEnd);
    return { key, cost, used };
  }

  private async giveBack(charge: Charge) {
    // A give-back that fails leaves the units counted: never worse for the operator, and the call's error still shows.
    await this.counter.giveBack(charge.key, charge.cost).catch((error: unknown) => {
      this.logger.warn(`could not give back ${charge.cost} quota units: ${(error as Error).message}`);
    });
  }

  private exceeded(kind: QuotaKind, tier: Tier, limit: number, used: number, cost: number, dayEnd: Date) {
    const { label, unit } = QUOTA_KINDS[kind];
    const plan = PLAN_NAMES[tier];
    const left = Math.max(0, limit - used);
    const message =
      limit === 0
        ? `${label} is not included in the ${plan} plan.`
        : left > 0
          ? `Daily limit reached for ${label.toLowerCase()}: this needs ${cost} ${unit} and ${left} of the ${plan} plan's ${limit} a day are left.`
          : `Daily limit reached for ${label.toLowerCase()}: the ${plan} plan includes ${limit} ${unit} a day.`;
    return new QuotaExceededError(message, {
      kind,
      limit,
      resetsAt: dayEnd.toISOString(),
      requiresUpgrade: this.limits.higherPlanAllowsMore(kind, tier),
    });
  }
}
