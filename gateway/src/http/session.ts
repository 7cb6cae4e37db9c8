import { RedisStore } from 'connect-redis';
import type { RequestHandler, Request } from 'express';
import session from 'express-session';
import { DEV_SESSION_SECRET, type GatewayConfig } from '../config/gateway.config';
import type { Redis } from '../infra/infra.module';

declare module 'express-session' {
  interface SessionData {
    userId?: string;
    /** OAuth `state` of a Google sign-in in progress. */
    oauthState?: string;
  }
}

export const SESSION_COOKIE = 'jarvis.sid';

export function sessionMiddleware(config: GatewayConfig, redis: Redis): RequestHandler {
  return session({
    name: SESSION_COOKIE,
    secret: config.SESSION_SECRET ?? DEV_SESSION_SECRET,
    store: new RedisStore({ client: redis, prefix: `${config.REDIS_PREFIX}sess:` }),
    resave: false,
    saveUninitialized: false,
    // Not rolling: refreshing the expiry would write to Redis and re-sign the cookie on every request.
    rolling: false,
    proxy: true,
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

/** A new session id at every sign-in (no fixation), carrying only the user id. */
export async function signIn(req: Request, userId: string) {
  await new Promise<void>((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
  req.session.userId = userId;
  await new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
}

export async function signOut(req: Request) {
  if (!req.session) return;
  await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
}
