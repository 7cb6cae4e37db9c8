import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { healthSubject } from '@jarvis/contracts';
import type { ServiceHarness } from '@jarvis/testing';

const root = resolve(__dirname, '../../../..');

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** A process of the system started by its package's `main`, as `npm start` starts it. */
interface SystemProcess {
  stop(): Promise<void>;
}

function run(main: string, env: Record<string, string | undefined>): { child: ChildProcess; output: () => string; process: SystemProcess } {
  const file = join(root, main);
  if (!existsSync(file)) throw new Error(`${main} is not built: run \`npx nx run-many -t build\` first`);
  const child = spawn(process.execPath, [file], { cwd: root, env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-4_000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-4_000)));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return {
    child,
    output: () => output,
    process: {
      async stop() {
        if (child.exitCode !== null) return;
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      },
    },
  };
}

async function until(what: string, ready: () => Promise<boolean>, child: ChildProcess, output: () => string, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}:\n${output()}`);
    if (await ready().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not start within ${timeoutMs / 1000} s:\n${output()}`);
}

export interface LiveSystem {
  /** The gateway's base URL, which is also its PUBLIC_URL (the origin a browser of the app sends). */
  url: string;
  stop(): Promise<void>;
}

/**
 * The real gateway and chat service, each a process of its own started by its package's `main` (built), on the
 * harness's database, NATS prefix and Redis prefix: the browser's WebSocket reaches the voice service under test
 * through the real gateway, and its exchanges land in the real chat history. Chat runs without a model (the offline
 * assistant); `gatewayEnv` sets the gateway's own variables (quota limits).
 */
export async function startLiveSystem(h: ServiceHarness, gatewayEnv: Record<string, string> = {}): Promise<LiveSystem> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const base: Record<string, string | undefined> = {
    ...process.env,
    ...h.env.env,
    METRICS_PORT: '0',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
    // The model is voice's alone here: chat answers with its offline assistant.
    OPENAI_API_KEY: undefined,
    OPENAI_BASE_URL: undefined,
    OPENAI_REALTIME_MODEL: undefined,
  };
  const gateway = run('gateway/dist/main.js', { ...base, ...gatewayEnv, SERVICE_NAME: 'gateway', PORT: String(port), PUBLIC_URL: url });
  const chat = run('services/chat/dist/main.js', { ...base, SERVICE_NAME: 'chat' });
  try {
    await Promise.all([
      // /health answers 503 while services this test does not run are missing: any answer means it listens.
      until('the gateway', async () => (await fetch(`${url}/health`)).status > 0, gateway.child, gateway.output),
      until('chat', async () => Boolean(await h.rpc.request(healthSubject('chat'), {}, h.ctx(null), 1_000)), chat.child, chat.output),
    ]);
  } catch (error) {
    await Promise.all([gateway.process.stop(), chat.process.stop()]);
    throw error;
  }
  return {
    url,
    stop: async () => {
      await Promise.all([gateway.process.stop(), chat.process.stop()]);
    },
  };
}
