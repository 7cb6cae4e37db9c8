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
  /**
   * The visitor's address on public endpoints (Fastify's `req.ip`, which honours TRUST_PROXY), so a service can limit
   * what one visitor does (the public booking page). Absent on signed-in calls and internal ones.
   */
  clientIp?: string;
}

/** The context of a signed-in caller: what a handler of any endpoint or internal subject but a public one gets. */
export interface UserContext extends RequestContext {
  userId: string;
}

/** The NATS request body: the caller's context and the validated input. */
export interface RpcRequest<T = unknown> {
  ctx: RequestContext;
  data: T;
  /**
   * Set by a caller that wants the reply streamed: the subject the handler publishes `StreamChunk`s on while it
   * works. The caller publishes anything on `<stream>.cancel` when its client went away.
   */
  stream?: string;
}

/** One piece of a streamed reply (JSON on the request's stream subject). */
export interface StreamChunk {
  event: 'token';
  data: string;
}

/** The NATS reply body. Never a bare value, so no transport unwraps or mistakes it. */
export type RpcReply<T = unknown> = { ok: true; data: T } | { ok: false; error: import('./errors').ErrorEnvelope };
