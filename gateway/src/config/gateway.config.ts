import { infraConfigSchema, loadConfig, optionalSecret } from '@jarvis/platform';
import { z } from 'zod';

export const gatewayConfigSchema = infraConfigSchema
  .extend({
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    SESSION_SECRET: optionalSecret,
    SESSION_MAX_AGE_DAYS: z.coerce.number().min(1).max(365).default(30),
    /** Where the built frontend lives; the gateway serves it with an SPA fallback. */
    FRONTEND_DIST: z.string().optional(),
    GOOGLE_CLIENT_ID: optionalSecret,
    GOOGLE_CLIENT_SECRET: optionalSecret,
    GOOGLE_OAUTH_BASE_URL: z.string().url().default('https://accounts.google.com'),
    GOOGLE_TOKEN_URL: z.string().url().optional(),
    GOOGLE_API_BASE_URL: z.string().url().default('https://www.googleapis.com'),
    /** Failed sign-ins allowed per username in the window, and requests per IP. */
    LOGIN_MAX_FAILURES_PER_USERNAME: z.coerce.number().int().min(1).default(5),
    LOGIN_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(30),
    LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
    TRUST_PROXY: z.string().default('loopback'),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === 'production' && !config.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required in production (a long random string)' });
    }
  });

export type GatewayConfig = z.output<typeof gatewayConfigSchema>;
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return loadConfig(gatewayConfigSchema, env, 'gateway');
}

export const DEV_SESSION_SECRET = 'jarvis-dev-session-secret-change-me';
