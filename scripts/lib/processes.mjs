// What `npm start` runs, in one place for scripts/start.mjs and the single-process entry (scripts/lib/single-process.mjs).

/** The seven services, in the order they are started. */
export const SERVICES = ['chat', 'voice', 'telephony', 'mail', 'billing', 'notifications', 'calendar'];

/**
 * Each process (or, in one process, each service) serves GET /metrics on a port of its own: METRICS_PORT_BASE (9464)
 * onwards, in this order. METRICS_PORT_BASE=0 lets each take a free port (it logs which).
 */
export const METRICS_ORDER = ['gateway', ...SERVICES];

/** `split`: one Node process per service and one for the gateway; `single`: all of them in one Node process. */
export const PROCESS_MODES = ['single', 'split'];
export const DEFAULT_PROCESS_MODE = 'split';

/** METRICS_PORT_BASE as a number, or an error message naming the variable. */
export function metricsBaseFrom(env) {
  const base = Number(env.METRICS_PORT_BASE ?? 9464);
  if (!Number.isInteger(base) || base < 0 || base > 65535 - METRICS_ORDER.length) {
    return { error: `METRICS_PORT_BASE must be a port number (0 to ${65535 - METRICS_ORDER.length}), got ${env.METRICS_PORT_BASE}.` };
  }
  return { base };
}

/** The metrics port of `name` from a base (0: a free port each). */
export const metricsPortOf = (base, name) => (base === 0 ? 0 : base + METRICS_ORDER.indexOf(name));

/** JARVIS_PROCESSES, or an error message naming the variable. */
export function processModeFrom(env) {
  const mode = (env.JARVIS_PROCESSES ?? '').trim() || DEFAULT_PROCESS_MODE;
  if (!PROCESS_MODES.includes(mode)) return { error: `JARVIS_PROCESSES must be single or split, got ${env.JARVIS_PROCESSES}.` };
  return { mode };
}
