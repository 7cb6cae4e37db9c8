// Bench section 3 (issue 23): `npm start` in each process mode, booted fresh one after the other as an operator runs
// it (the built system, no provider configured, a database and NATS and Redis prefixes of its own): the time from
// starting scripts/start.mjs to /health answering 200 ("Jarvis is up"), the resident memory of every process it runs
// once idle, and the CPU the whole tree uses while idle.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dropDatabase } from '../lib/infra.mjs';

const round = (x) => Math.round(x * 100) / 100;
const TICKS_PER_SECOND = 100;

/** Every process of the tree under `rootPid` (itself included): pid, rss (kB), what it runs. */
export function processTree(rootPid) {
  const ps = spawnSync('ps', ['-eo', 'pid=,ppid=,rss=,args='], { encoding: 'utf8' }).stdout.trim().split('\n');
  const procs = ps.map((line) => {
    const [pid, ppid, rssKb, ...args] = line.trim().split(/\s+/);
    return { pid: Number(pid), ppid: Number(ppid), rssKb: Number(rssKb), args: args.join(' ') };
  });
  const tree = new Set([rootPid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of procs) if (tree.has(p.ppid) && !tree.has(p.pid)) { tree.add(p.pid); grew = true; }
  }
  return procs.filter((p) => tree.has(p.pid));
}

/** CPU time (user + system, ms) of a process so far; 0 once it is gone. */
function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * Boots `npm start` once per mode (JARVIS_PROCESSES), one after the other, and measures each: seconds from start to
 * healthy, the idle RSS of every process after `settleSeconds`, and the tree's CPU over `idleSeconds` of idling (as a
 * share of one core). `env`: the environment the systems inherit; `port`: the first of the ports they serve on.
 */
export async function benchProcessModes({ root, env, port, modes = ['split', 'single'], settleSeconds = 10, idleSeconds = 60, log = console.log }) {
  const results = [];
  for (const [i, mode] of modes.entries()) {
    const runId = `benchmode${mode}${Date.now().toString(36)}`;
    const databaseUrl = `postgres://postgres@127.0.0.1:5432/jarvis_${runId}`;
    const systemPort = port + i;
    const systemEnv = {
      ...env,
      JARVIS_PROCESSES: mode,
      PORT: String(systemPort),
      PUBLIC_URL: `http://127.0.0.1:${systemPort}`,
      DATABASE_URL: databaseUrl,
      NATS_SUBJECT_PREFIX: `${runId}.`,
      REDIS_PREFIX: `${runId}:`,
      METRICS_PORT_BASE: '0',
      JARVIS_SKIP_BUILD: '1',
      LOG_LEVEL: 'warn',
    };
    log(`   ${mode}: starting npm start (JARVIS_PROCESSES=${mode}) on port ${systemPort}…`);
    const started = performance.now();
    const system = spawn(process.execPath, [join(root, 'scripts/start.mjs')], { cwd: root, env: systemEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    system.stdout.on('data', (chunk) => (output += chunk));
    system.stderr.on('data', (chunk) => (output += chunk));
    try {
      const deadline = Date.now() + 180_000;
      while (!output.includes('Jarvis is up')) {
        if (Date.now() > deadline || system.exitCode !== null) throw new Error(`npm start (${mode}) did not become healthy:\n${output.slice(-3000)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const healthySeconds = (performance.now() - started) / 1000;
      await new Promise((r) => setTimeout(r, settleSeconds * 1000));
      const tree = processTree(system.pid);
      const cpuBefore = tree.reduce((sum, p) => sum + cpuMsOf(p.pid), 0);
      await new Promise((r) => setTimeout(r, idleSeconds * 1000));
      const cpuAfter = processTree(system.pid).reduce((sum, p) => sum + cpuMsOf(p.pid), 0);
      const idle = processTree(system.pid);
      results.push({
        mode,
        processes: idle.length,
        healthySeconds: round(healthySeconds),
        rssMb: round(idle.reduce((sum, p) => sum + p.rssKb, 0) / 1024),
        idleCpuPercent: round(((cpuAfter - cpuBefore) / (idleSeconds * 1000)) * 100),
        perProcess: idle.map((p) => ({
          process: p.args.includes('scripts/start.mjs') ? 'npm start (supervisor)' : p.args.replace(root + '/', '').replace(/^.*node /, ''),
          rssMb: round(p.rssKb / 1024),
        })),
      });
    } finally {
      if (system.exitCode === null) {
        const exited = new Promise((r) => system.once('exit', r));
        system.kill('SIGTERM');
        await exited;
      }
      await dropDatabase(databaseUrl).catch(() => undefined);
    }
  }
  return results;
}
