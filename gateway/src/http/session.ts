import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { RedisConnection } from '@jarvis/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEV_SESSION_SECRET, type GatewayConfig } from '../config/gateway.config';
import type { SessionEndings } from './session-endings';
import { CachedSessionStore } from './cached-session-store';
import { RedisSessionStore } from './redis-session-store';

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
export async function registerSessions(app: FastifyInstance, config: GatewayConfig, redis: RedisConnection, endings: SessionEndings) {
  const store = new CachedSessionStore(new RedisSessionStore(redis), {
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
