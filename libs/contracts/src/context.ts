export const TIERS = ['free', 'premium', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

export function tierAtLeast(tier: Tier, minimum: Tier): boolean {
  return TIERS.indexOf(tier) >= TIERS.indexOf(minimum);
}

/** What the gateway tells a service about the caller. Services trust only this, never cookies. */
export interface RequestContext {
  /** Null for public endpoints called by a visitor. */
  userId: string | null;
  tier: Tier;
  requestId: string;
}

/** The NATS request body: the caller's context and the validated input. */
export interface RpcRequest<T = unknown> {
  ctx: RequestContext;
  data: T;
}

/** The NATS reply body. Never a bare value, so no transport unwraps or mistakes it. */
export type RpcReply<T = unknown> = { ok: true; data: T } | { ok: false; error: import('./errors').ErrorEnvelope };
