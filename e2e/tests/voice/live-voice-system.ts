import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ModelFake, type RealtimeFake, startModelFake, startRealtimeFake } from '@jarvis/testing/fakes';
import { Client } from 'pg';

const root = join(__dirname, '..', '..', '..');

/**
 * A Jarvis of its own for the live voice tests, booted as `npm start` boots it (scripts/start.mjs, in one process)
 * with its own database, NATS prefix and Redis prefix, and with the model played by loopback fakes: OPENAI_BASE_URL
 * points at the model fake (chat, transcription, speech), whose server also speaks the Realtime API (the Realtime
 * fake), and OPENAI_REALTIME_MODEL turns live voice on. The shared browser-test system stays as a fresh install has it (no
 * OpenAI), so no other test sees a model.
 */
export interface LiveVoiceSystem {
  baseUrl: string;
  realtime: RealtimeFake;
  model: ModelFake;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startLiveVoiceSystem(): Promise<LiveVoiceSystem> {
  const model = await startModelFake({ tokens: 5, gapMs: 1 });
  // The model's own pace: it starts answering 100 ms after the user stops, with 20 ms of audio every 5 ms; 300 ms of
  // quiet ends an utterance.
  const realtime = await startRealtimeFake({
    server: model.server,
    thinkMs: 100,
    silenceMs: 300,
    msPerCharacter: 40,
  });
  const port = await freePort();
  const runId = `live${Date.now().toString(36)}`;
  const baseUrl = `http://localhost:${port}`;
  const databaseUrl = `postgres://postgres@127.0.0.1:5432/jarvis_${runId}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATABASE_URL: databaseUrl,
      NATS_SUBJECT_PREFIX: `${runId}.`,
      REDIS_PREFIX: `${runId}:`,
      JARVIS_SKIP_BUILD: process.env.JARVIS_SKIP_BUILD ?? '1',
      // One Node process for the whole system: half the time to start and a fifth of the memory of one per service,
      // so the other browser tests running beside it barely notice it.
      JARVIS_PROCESSES: 'single',
      JARVIS_START_TIMEOUT_MS: '170000',
      LOG_LEVEL: 'warn',
      METRICS_PORT: '0',
      METRICS_PORT_BASE: '0',
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      OPENAI_API_KEY: 'e2e-live-voice',
      OPENAI_BASE_URL: model.baseURL,
      OPENAI_REALTIME_MODEL: 'gpt-realtime',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout!, child.stderr!])
    stream.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 40_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await realtime.close();
    await model.close();
    const admin = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "jarvis_${runId}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  };

  const deadline = Date.now() + 180_000;
  for (;;) {
    const healthy = await fetch(`${baseUrl}/health`)
      .then((res) => res.ok)
      .catch(() => false);
    if (healthy) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the live voice system did not start\n${output.slice(-5_000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { baseUrl, realtime, model, stop };
}

/**
 * A WAV the fake microphone plays in a loop: `voicedMs` of a voiced sound, then quiet to the end of `periodMs`. Each
 * burst is one utterance to the Realtime fake's voice activity detector, so the user "speaks" every `periodMs`.
 */
export function writeSpeechLoopWav(voicedMs: number, periodMs: number): string {
  const rate = 48_000;
  const samples = Math.round((rate * periodMs) / 1000);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    const voiced =
      t < voicedMs / 1000
        ? 0.45 * Math.sin(2 * Math.PI * 220 * t) + 0.2 * Math.sin(2 * Math.PI * 550 * t)
        : 0;
    data.writeInt16LE(Math.round(voiced * 32_767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  const file = join(tmpdir(), `jarvis-e2e-live-voice-${voicedMs}-${periodMs}.wav`);
  writeFileSync(file, Buffer.concat([header, data]));
  return file;
}
