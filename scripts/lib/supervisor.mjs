// A restart supervisor for one Node process, as a pod's restart policy is for a container: whatever ends the process
// (a crash, an out-of-memory kill, `kill -9`, an exit of its own), it is started again after a backoff that begins at
// 1 s and doubles up to 30 s while the process keeps dying soon after its start, and returns to 1 s once it has run
// for a while. Every exit and restart is logged. `npm start` (scripts/start.mjs) runs each process under one; the
// chaos run (scripts/chaos.mjs) runs two replicas of every service under one each and kills them.
import { spawn } from 'node:child_process';

export const RESTART_BACKOFF = { initialMs: 1_000, maxMs: 30_000, stableMs: 60_000 };

/**
 * Starts `script` with `env` and keeps it running until `stop()`.
 * - `name`: how the logs and the output prefix call it (`chat`, `chat#2`).
 * - `output`: where its stdout and stderr lines go, each prefixed with `[name]` (default: this process's stdout);
 *   `null` drops them.
 * - `say(message)`: the supervisor's own lines (exits, restarts).
 * - `onStart(child)`, `onExit({ code, signal, ranMs })`: hooks for callers that watch it (the chaos run).
 */
export function supervise({
  name,
  script,
  env,
  cwd,
  nodeArgs = [],
  output = process.stdout,
  say = (message) => console.log(`[jarvis] ${message}`),
  backoff = RESTART_BACKOFF,
  onStart,
  onExit,
}) {
  let child;
  let stopped = false;
  let timer;
  let delay = backoff.initialMs;
  let restarts = 0;
  const prefix = `[${name}]`.padEnd(16);

  const start = () => {
    timer = undefined;
    const startedAt = Date.now();
    child = spawn(process.execPath, [...nodeArgs, script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      let buffered = '';
      stream.on('data', (chunk) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop();
        if (output) for (const line of lines) if (line) output.write(`${prefix}${line}\n`);
      });
    }
    const current = child;
    onStart?.(current);
    current.on('exit', (code, signal) => {
      const ranMs = Date.now() - startedAt;
      onExit?.({ code, signal, ranMs });
      if (stopped) return;
      // A process that ran a good while before dying starts again at once; one that keeps dying waits longer each time.
      if (ranMs >= backoff.stableMs) delay = backoff.initialMs;
      restarts++;
      say(`${name} exited (${signal ?? `code ${code}`}) after ${(ranMs / 1000).toFixed(1)} s; restarting in ${delay / 1000} s (restart ${restarts})`);
      timer = setTimeout(start, delay);
      delay = Math.min(delay * 2, backoff.maxMs);
    });
  };
  start();

  return {
    name,
    /** The running process (undefined between an exit and its restart). */
    get child() {
      return child && child.exitCode === null && child.signalCode === null ? child : undefined;
    },
    get restarts() {
      return restarts;
    },
    /**
     * Stops supervising and the process: SIGTERM, then SIGKILL after `timeoutMs`. Resolves with how it ended
     * (`{ code, signal }`; code 0 is a clean stop), or undefined when it was not running.
     */
    async stop(timeoutMs = 25_000) {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (!child || child.exitCode !== null || child.signalCode !== null) return undefined;
      await stopChild(child, timeoutMs);
      return { code: child.exitCode, signal: child.signalCode };
    },
  };
}

/** SIGTERM, then SIGKILL if the process is still there after `timeoutMs`; resolves once it has exited. */
export function stopChild(child, timeoutMs = 10_000) {
  return new Promise((resolveStop) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolveStop();
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveStop();
    });
    child.kill('SIGTERM');
  });
}
