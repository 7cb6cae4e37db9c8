import { z } from 'zod';

/**
 * Reads and validates configuration from the environment once, at boot. A missing or malformed variable stops the
 * process with one message that names every problem, instead of a failure later on the first request.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env, who = 'service'): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  - ${issue.path.join('.') || '(env)'}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration for ${who}:\n${lines.join('\n')}`);
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const url = (protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .refine((v) => protocols.some((p) => v.startsWith(`${p}://`)), `must be a URL like ${example}`);

/** The variables every process of Jarvis reads. */
export const infraConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: url(['postgres', 'postgresql'], 'postgres://postgres@127.0.0.1:5432/jarvis').default(
    'postgres://postgres@127.0.0.1:5432/jarvis',
  ),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(5),
  REDIS_URL: url(['redis', 'rediss'], 'redis://127.0.0.1:6379').default('redis://127.0.0.1:6379'),
  /** Prefix of every Redis key this deployment writes (tests give each run its own). */
  REDIS_PREFIX: z.string().default('jarvis:'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /** Prefix of every NATS subject and JetStream stream (tests give each run its own). */
  NATS_SUBJECT_PREFIX: z.string().regex(/^([A-Za-z0-9_-]+\.)?$/, 'must be empty or end with a dot, e.g. t123.').default(''),
  /**
   * Port of this process's `GET /metrics` (Prometheus), never the public one; 0 lets the system choose (tests).
   * `npm start` gives each process its own from METRICS_PORT_BASE; containers use 9464.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  /**
   * On SIGTERM a process stops taking NATS requests, jobs and events, and gives what it holds this long to finish
   * before it closes its connections (past it, jobs are left to another replica, as after a crash).
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  /**
   * Test only: `1` lets `safeFetch` reach loopback and private addresses, over plain http too, so the loopback fakes
   * of push services and mail senders answer. Never in production: it opens the server's own network to any URL a
   * user, a mail or a browser chooses.
   */
  ALLOW_PRIVATE_NETWORK_TARGETS: z
    .enum(['1', '0', 'true', 'false', ''])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
});
export type InfraConfig = z.output<typeof infraConfigSchema>;

export function loadInfraConfig(env: NodeJS.ProcessEnv = process.env): InfraConfig {
  return loadConfig(infraConfigSchema, env, 'infrastructure');
}

/** An optional provider credential: empty strings count as unset. */
export const optionalSecret = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

/** An optional http(s) URL (`<PROVIDER>_BASE_URL` without a default): empty counts as unset. */
export const optionalUrl = optionalSecret.refine((v) => v === undefined || /^https?:\/\//.test(v), 'must be an http(s) URL');

/** `<PROVIDER>_BASE_URL`: the provider's own API unless set (a compatible server, a proxy, a test fake). */
export const providerBaseUrl = (defaultUrl: string) => optionalUrl.transform((v) => v ?? defaultUrl);
