import { infraConfigSchema, loadConfig, optionalSecret } from '@jarvis/platform';
import { z } from 'zod';

export const gatewayConfigSchema = infraConfigSchema
  .extend({
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    SESSION_SECRET: optionalSecret,
    SESSION_MAX_AGE_DAYS: z.coerce.number().min(1).max(365).default(30),
    /** Where the built frontend lives; the gateway serves it with an SPA fallback. */
    FRONTEND_DIST: z.string().optional(),
    /**
     * The contracts document service the Contracts navigation entry and the chat's generate_contract action open; the
     * served page carries it (meta jarvis-contracts-url), so changing it needs no rebuild. Unset: the built-in default.
     */
    CONTRACTS_URL: z.string().url().refine((url) => /^https?:/i.test(url), 'must be an http(s) URL').optional(),
    GOOGLE_CLIENT_ID: optionalSecret,
    GOOGLE_CLIENT_SECRET: optionalSecret,
    GOOGLE_OAUTH_BASE_URL: z.string().url().default('https://accounts.google.com'),
    GOOGLE_TOKEN_URL: z.string().url().optional(),
    GOOGLE_API_BASE_URL: z.string().url().default('https://www.googleapis.com'),
    /**
     * Failed sign-ins (password login, quick access, a wrong current password) allowed in the window per username
     * from one IP, and per IP over all usernames; then that pair (or IP) waits. A browser holding the account's device
     * secret is never refused its correct password.
     */
    LOGIN_MAX_FAILURES_PER_USERNAME_IP: z.coerce.number().int().min(1).default(5),
    LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
    LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
    /** Accounts one IP may create in an hour (POST /api/register and quick access to a free name). */
    SIGNUP_MAX_PER_IP_HOUR: z.coerce.number().int().min(1).default(10),
    /** Password hashes (argon2 hash or verify) one gateway replica runs at once, and how long a request waits for a turn. */
    PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
    PASSWORD_HASH_MAX_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
    TRUST_PROXY: z.string().default('loopback'),
    /**
     * How often identity asks the services that have not reported a deleted account erased to erase it again (a
     * provider that was down, a service that was stopped), until every one has.
     */
    ACCOUNT_DELETION_RETRY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
    /** The reverse geocoder the frontend was built with (its origin goes into the app's connect-src). */
    VITE_REVERSE_GEOCODE_URL: z.string().url().optional(),
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
