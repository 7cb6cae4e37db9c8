import { AsyncLocalStorage } from 'node:async_hooks';
import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import { currentService } from './observability/service-scope';
import { activeTraceIds } from './observability/tracing';

export interface LogContext {
  requestId?: string;
  userId?: string | null;
  subject?: string;
}

const storage = new AsyncLocalStorage<LogContext>();

/** Runs `fn` with a request id (and user) that every log line written inside it carries, across awaits. */
export function withLogContext<T>(context: LogContext, fn: () => T): T {
  return storage.run({ ...storage.getStore(), ...context }, fn);
}

/**
 * Sets the log context for the rest of the current asynchronous flow, for frameworks whose hooks cannot wrap the
 * handler in a callback (Fastify's request hooks).
 */
export function enterLogContext(context: LogContext): void {
  storage.enterWith({ ...storage.getStore(), ...context });
}

export function currentLogContext(): LogContext {
  return storage.getStore() ?? {};
}

/**
 * Keys whose values never reach a log, at any of the first few levels of a logged object (pino `redact` paths) and at
 * any depth inside a logged error (the err serializer): credentials in headers, cookies, passwords, tokens, keys.
 */
const SENSITIVE_KEYS = [
  'authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key', 'x-auth-token', 'xi-api-key', 'api-key',
  'password', 'passwd', 'pass', 'secret', 'token', 'auth', 'credentials', 'apiKey', 'api_key', 'accessToken',
  'access_token', 'refreshToken', 'refresh_token', 'idToken', 'id_token', 'clientSecret', 'client_secret', 'authToken',
  'auth_token', 'privateKey', 'private_key', 'sessionSecret', 'encryptionKey', 'botToken',
];
const SENSITIVE = new Set(SENSITIVE_KEYS.map((k) => k.toLowerCase()));
const REDACTED = '[Redacted]';

/** `key`, `*.key`, `*.*.key`, `*.*.*.key` for each sensitive key: where request options and headers usually sit. */
function redactPaths(): string[] {
  const paths: string[] = [];
  for (const key of SENSITIVE_KEYS) {
    const step = /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `["${key}"]`;
    const top = step.startsWith('.') ? step.slice(1) : step;
    paths.push(top, `*${step}`, `*.*${step}`, `*.*.*${step}`);
  }
  return paths;
}

/** Environment variables that hold a credential: their values are scrubbed from every line. */
const SECRET_NAME = /(SECRET|TOKEN|PASSWORD|PASSWD|PRIVATE_KEY|API_KEY|ENCRYPTION_KEY|_KEY|CREDENTIALS?)$/i;
const PUBLIC_NAME = /PUBLIC_KEY$/i;
/** Shorter values would scrub ordinary words and numbers; no real credential is this short. */
const MIN_SECRET_LENGTH = 6;

const registered = new Set<string>();
let envSecrets: { at: number; values: string[] } | undefined;

/**
 * Adds a secret that is not in the environment (a generated key kept in the database) to the values no log line may
 * carry.
 */
export function registerSecret(value: string | undefined | null): void {
  if (value && value.length >= MIN_SECRET_LENGTH) {
    registered.add(value);
    envSecrets = undefined;
  }
}

/** The credential values configured now: secret-named variables and the passwords inside URL variables. */
function secretValues(): string[] {
  const now = Date.now();
  // Re-read at most once a second: tests and `npm start` set variables after the first logger exists.
  if (envSecrets && now - envSecrets.at < 1_000) return envSecrets.values;
  const values = new Set(registered);
  for (const [name, value] of Object.entries(process.env)) {
    if (!value) continue;
    if (SECRET_NAME.test(name) && !PUBLIC_NAME.test(name) && value.length >= MIN_SECRET_LENGTH) values.add(value);
    const userinfo = /^[a-z][a-z0-9+.-]*:\/\/[^/@\s:]*:([^@/\s]+)@/i.exec(value);
    if (userinfo && userinfo[1].length >= MIN_SECRET_LENGTH) {
      values.add(userinfo[1]);
      try {
        values.add(decodeURIComponent(userinfo[1]));
      } catch {
        /* not percent-encoded */
      }
    }
  }
  // Longest first, so a secret that contains another is replaced whole.
  const sorted = [...values].sort((a, b) => b.length - a.length);
  envSecrets = { at: now, values: sorted };
  return sorted;
}

/** `text` with every configured secret value (also as JSON escapes it) replaced. */
export function scrubSecrets(text: string): string {
  let out = text;
  for (const secret of secretValues()) {
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    const escaped = JSON.stringify(secret).slice(1, -1);
    if (escaped !== secret && out.includes(escaped)) out = out.split(escaped).join(REDACTED);
  }
  return out;
}

/** A copy of a logged value with sensitive keys redacted and secret values scrubbed, at any depth. */
function scrubValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return scrubSecrets(value);
  if (!value || typeof value !== 'object') return value;
  if (depth > 8 || seen.has(value)) return '[...]';
  seen.add(value);
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return `[${(value as Uint8Array).byteLength} bytes]`;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = SENSITIVE.has(key.toLowerCase()) ? REDACTED : scrubValue(v, depth + 1, seen);
  }
  return out;
}

/**
 * Errors as pino's standard serializer writes them (type, message, stack, own fields, the chain of causes), then
 * scrubbed: an HTTP client's error carries the request's options (axios: `config.auth`, `config.headers`), so its
 * credentials would be logged with it.
 */
function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return scrubValue(error);
  return scrubValue(pino.stdSerializers.errWithCause(error));
}

type LineListener = (line: string) => void;
const listeners = new Set<LineListener>();
let configuredLevel: string | undefined;
const loggers = new Set<WeakRef<Logger>>();

function levelOf(line: string): number {
  const label = /"level":"(\w+)"/.exec(line)?.[1];
  return label ? (pino.levels.values[label] ?? 0) : 0;
}

/** Standard output, plus whoever listens (a test capturing the lines); always after the last scrub. */
function destination() {
  const sink = pino.destination({ dest: process.stdout.fd || 1 });
  return {
    write(line: string) {
      if (listeners.size === 0) return void sink.write(line);
      for (const listener of listeners) listener(line);
      // A capture lowers the level for its listeners; standard output keeps what LOG_LEVEL asks for.
      const threshold = configuredLevel === 'silent' ? Infinity : (pino.levels.values[configuredLevel ?? 'info'] ?? 30);
      if (levelOf(line) >= threshold) sink.write(line);
    },
    flush: () => sink.flush?.(() => undefined),
  };
}

let root: Logger | undefined;

/**
 * One structured JSON logger a process; every line carries the current request id. Secrets never reach a line:
 * sensitive keys are redacted, errors are serialized scrubbed, and configured secret values are replaced in the
 * finished line whatever field carried them.
 */
export function rootLogger(): Logger {
  if (!root) {
    configuredLevel = process.env.LOG_LEVEL ?? 'info';
    root = pino(
      {
        level: configuredLevel,
        base: { pid: process.pid },
        timestamp: pino.stdTimeFunctions.isoTime,
        // Read at each line: the service the line is written in (one process may run several), else the process's
        // SERVICE_NAME; inside a traced request its trace and span ids.
        mixin: () => ({
          service: currentService()?.name ?? process.env.SERVICE_NAME ?? 'jarvis',
          ...currentLogContext(),
          ...activeTraceIds(),
        }),
        formatters: { level: (label) => ({ level: label }) },
        redact: { paths: redactPaths(), censor: REDACTED },
        serializers: { err: serializeError, error: serializeError, cause: serializeError },
        hooks: { streamWrite: scrubSecrets },
        onChild: (child) => void loggers.add(new WeakRef(child)),
      },
      destination(),
    );
    loggers.add(new WeakRef(root));
  }
  return root;
}

/**
 * Every line written from now on, at every level, goes to `listener` too (until the returned function is called).
 * For tests that assert what reaches the logs; standard output keeps LOG_LEVEL's level.
 */
export function listenToLogs(listener: LineListener): () => void {
  rootLogger();
  envSecrets = undefined; // the variables a test just set count from the first captured line
  listeners.add(listener);
  setLevelOfAll('trace');
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) setLevelOfAll(configuredLevel ?? 'info');
  };
}

function setLevelOfAll(level: string) {
  for (const ref of loggers) {
    const logger = ref.deref();
    if (logger) logger.level = level;
    else loggers.delete(ref);
  }
}

export function createLogger(component: string): Logger {
  return rootLogger().child({ component });
}

/** Nest's logger interface on top of pino, so framework lines are JSON like ours. */
export class JsonNestLogger implements LoggerService {
  private readonly logger = createLogger('nest');
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
