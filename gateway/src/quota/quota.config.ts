import { QUOTA_KIND_NAMES, QUOTA_KINDS, type QuotaKind, type QuotaLimit, quotaVariable, type Tier, TIERS } from '@jarvis/contracts';
import { loadConfig } from '@jarvis/platform';
import { z } from 'zod';

type QuotaVariable = `QUOTA_${Uppercase<QuotaKind>}_${Uppercase<Tier>}`;

/** A whole number of units a day (0: none), or 'unlimited'. */
const limitVariable = z
  .string()
  .trim()
  .regex(/^(\d{1,12}|unlimited)$/i, "must be a whole number of units a day, or 'unlimited'")
  .transform((v): QuotaLimit => (v.toLowerCase() === 'unlimited' ? 'unlimited' : Number(v)))
  .optional();

/** `QUOTA_<KIND>_<TIER>` for every kind and plan (e.g. QUOTA_CHAT_MESSAGES_FREE), each optional. */
export const quotaConfigSchema = z.object(
  Object.fromEntries(QUOTA_KIND_NAMES.flatMap((kind) => TIERS.map((tier) => [quotaVariable(kind, tier), limitVariable]))) as Record<
    QuotaVariable,
    typeof limitVariable
  >,
);

/** The daily limit of every kind for every plan: the defaults of QUOTA_KINDS with the operator's overrides. */
export class QuotaLimits {
  private constructor(private readonly limits: Record<QuotaKind, Record<Tier, QuotaLimit>>) {}

  /** Reads the overrides from the environment; a bad value stops the start naming the variable. */
  static fromEnv(env: NodeJS.ProcessEnv): QuotaLimits {
    const overrides = loadConfig(quotaConfigSchema, env, 'gateway') as Record<string, QuotaLimit | undefined>;
    const limits = Object.fromEntries(
      QUOTA_KIND_NAMES.map((kind) => [
        kind,
        Object.fromEntries(TIERS.map((tier) => [tier, overrides[quotaVariable(kind, tier)] ?? QUOTA_KINDS[kind].limits[tier]])),
      ]),
    ) as Record<QuotaKind, Record<Tier, QuotaLimit>>;
    return new QuotaLimits(limits);
  }

  limit(kind: QuotaKind, tier: Tier): QuotaLimit {
    return this.limits[kind][tier];
  }

  /** Whether a plan above `tier` allows more of `kind` a day. */
  higherPlanAllowsMore(kind: QuotaKind, tier: Tier): boolean {
    const mine = this.limit(kind, tier);
    if (mine === 'unlimited') return false;
    return TIERS.slice(TIERS.indexOf(tier) + 1).some((higher) => {
      const theirs = this.limit(kind, higher);
      return theirs === 'unlimited' || theirs > mine;
    });
  }
}
