import { createLogger } from './logger';

const log = createLogger('shutdown');

/** What closing the connections may take after the grace (NATS drain, Postgres, Redis) before the process gives up. */
const CLOSE_MARGIN_MS = 5_000;

/**
 * How long a stopping process gives what it holds (requests being answered, jobs and events being handled) to finish:
 * one clock for the whole shutdown, started by the first stage that stops taking work, so the stages together stay
 * within SHUTDOWN_GRACE_MS (Kubernetes kills a pod 30 s after its SIGTERM). Each service (and the gateway) has its own.
 */
export class ShutdownGrace {
  private deadline?: number;

  constructor(readonly graceMs: number) {}

  /** Starts the clock; later calls keep the first start. */
  begin(): void {
    this.deadline ??= Date.now() + this.graceMs;
  }

  /** Waits for the work, at most until the grace ends (starting it if nobody has); true when the work finished. */
  async wait(work: Promise<unknown>): Promise<boolean> {
    this.begin();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, this.deadline! - Date.now()))));
    try {
      return await Promise.race([work.then(() => true, () => true), timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * Stops the process on SIGTERM (or Ctrl-C): `close` stops taking work, lets what is held finish within the grace and
 * closes the connections, then the process exits 0. A close that fails, or still runs CLOSE_MARGIN_MS after the
 * grace, exits 1; a second Ctrl-C exits at once. Used by every service's `runService` and the gateway's main.
 */
export function exitOnSignal(name: string, close: () => Promise<void>, graceMs: number): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      if (signal === 'SIGINT') process.exit(1);
      return;
    }
    stopping = true;
    const started = Date.now();
    log.info({ signal, graceMs }, `${name} stopping: no new requests or jobs, finishing what it holds`);
    const force = setTimeout(() => {
      log.error({ graceMs }, `${name} did not stop within SHUTDOWN_GRACE_MS and ${CLOSE_MARGIN_MS / 1000} s more; exiting`);
      process.exit(1);
    }, graceMs + CLOSE_MARGIN_MS);
    force.unref();
    try {
      await close();
    } catch (error) {
      log.error({ err: error }, `${name} failed while stopping`);
      process.exit(1);
    }
    log.info({ ms: Date.now() - started }, `${name} stopped`);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
