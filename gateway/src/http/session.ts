import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import { RedisStore } from 'connect-redis';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEV_SESSION_SECRET, type GatewayConfig } from '../config/gateway.config';
import type { SessionEndings } from '../identity/session-endings';
import type { Redis } from '../infra/infra.module';
import { CachedSessionStore, type SessionStore } from './cached-session-store';

declare module 'fastify' {
  interface Session {
    userId?: string;
    /** OAuth `state` of a Google sign-in in progress (kept by passport-oauth2 under its own key). */
    [key: string]: unknown;
  }
}

export const SESSION_COOKIE = 'jarvis.sid';
/** How long a replica serves a session it read from Redis without reading it again (revocation is immediate). */
const SESSION_CACHE_TTL_MS = 10_000;

/** Server-side sessions in Redis: revocable at logout, regenerated at sign-in, HttpOnly, SameSite=Lax. */
export async function registerSessions(app: FastifyInstance, config: GatewayConfig, redis: Redis, endings: SessionEndings) {
  const store = new CachedSessionStore(new RedisStore({ client: redis, prefix: sessionKeyPrefix(config) }) as unknown as SessionStore, {
    ttlMs: SESSION_CACHE_TTL_MS,
    maxEntries: 100_000,
    onDestroy: (sid) => endings.announce(sid),
  });
  endings.onEnded((sid) => store.forget(sid));
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    cookieName: SESSION_COOKIE,
    secret: sessionSecret(config),
    store: store as never,
    saveUninitialized: false,
    // Not rolling: refreshing the expiry would write to Redis and re-sign the cookie on every request.
    rolling: false,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      // Secure whenever users reach us over HTTPS; a plain-http self-hosted install must still be able to sign in.
      secure: config.PUBLIC_URL.startsWith('https://'),
      maxAge: config.SESSION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000,
      path: '/',
    },
  });
}

/** Where connect-redis keeps a session: this prefix and the session id. */
export function sessionKeyPrefix(config: GatewayConfig) {
  return `${config.REDIS_PREFIX}sess:`;
}

/** @fastify/session wants at least 32 characters; a shorter operator secret is stretched deterministically. */
function sessionSecret(config: GatewayConfig): string {
  const secret = config.SESSION_SECRET ?? DEV_SESSION_SECRET;
  return secret.length >= 32 ? secret : secret.padEnd(32, secret);
}

/** A new session id at every sign-in (no fixation), carrying only the user id. */
export async function signIn(req: FastifyRequest, userId: string) {
  await req.session.regenerate();
  req.session.userId = userId;
  await req.session.save();
}

export async function signOut(req: FastifyRequest) {
  if (!req.session) return;
  await req.session.destroy().catch(() => undefined);
}
