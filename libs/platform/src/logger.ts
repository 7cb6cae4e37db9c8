import { AsyncLocalStorage } from 'node:async_hooks';
import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';

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

let root: Logger | undefined;

/** One structured JSON logger a process; every line carries the current request id. */
export function rootLogger(): Logger {
  if (!root) {
    root = pino({
      level: process.env.LOG_LEVEL ?? 'info',
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Read at each line: the service name is set by the bootstrap after modules (and their loggers) load.
      mixin: () => ({ service: process.env.SERVICE_NAME ?? 'jarvis', ...currentLogContext() }),
      formatters: { level: (label) => ({ level: label }) },
    });
  }
  return root;
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
