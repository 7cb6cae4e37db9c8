// Bench sections for the gateway's streams and large payloads (issue 'Gateway at full speed'):
//  - streamed chat: our time to first token minus the model's, 20 users
//  - /api/live: 1,000 streams held (extra gateway RSS) and one event per user delivered to all
//  - Object Store path: a 5 MB request to a service and back against a 100 kB one
//  - uploads through the gateway: a 4 MB image (POST /api/vision/analyze) and 25 MB of audio (POST /api/transcribe)
//    until the model is asked (issue 23)
import { randomBytes } from 'node:crypto';
import { request as httpRequest, Agent } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const round = (x) => Math.round(x * 100) / 100;
const pick = (sorted, p) => round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN);

/**
 * Time to the first `event: token` of POST /api/chat with Accept: text/event-stream: `users` users, each sending one
 * message every `everyMs` (think time, as people chat) for `rounds` messages.
 */
export async function benchStreamTtft({ baseUrl, cookie, users = 20, rounds = 10, everyMs = 1000, model }) {
  const ours = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: users }, async (_, u) => {
      await new Promise((r) => setTimeout(r, (u * everyMs) / users)); // spread the users over the interval
      for (let i = 0; i < rounds; i++) {
        const t0 = performance.now();
        try {
          const res = await fetch(`${baseUrl}/api/chat`, {
            method: 'POST',
            headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json', accept: 'text/event-stream' },
            body: JSON.stringify({ message: `stream me something, user ${u}` }),
          });
          const reader = res.body.getReader();
          const decoder = new TextDecoder();
          let text = '';
          let first = NaN;
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            text += decoder.decode(value, { stream: true });
            if (Number.isNaN(first) && /event: (token|done)/.test(text)) first = performance.now() - t0;
          }
          if (!text.includes('event: done')) errors++;
          else ours.push(first);
        } catch {
          errors++;
        }
        await new Promise((r) => setTimeout(r, Math.max(0, everyMs - (performance.now() - t0))));
      }
    }),
  );
  const modelTtft = await model.streamTtft(users, rounds, everyMs);
  ours.sort((a, b) => a - b);
  return { users, streams: ours.length, errors, ttftP50: pick(ours, 0.5), ttftP99: pick(ours, 0.99), modelTtftP50: modelTtft, overheadP50: round(pick(ours, 0.5) - modelTtft) };
}

/** Opens `count` /api/live streams (one per user), then publishes one event per user and times delivery to all. */
export async function benchLive({ baseUrl, cookies, userIds, natsUrl, prefix, gatewayRss }) {
  const require = createRequire(join(process.cwd(), 'libs/platform/package.json'));
  const { connect, JSONCodec } = require('nats');
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const rssBefore = gatewayRss();
  const received = new Array(cookies.length).fill(0);
  const sockets = [];
  await Promise.all(
    cookies.map(
      (cookie, i) =>
        new Promise((resolve, reject) => {
          const req = httpRequest(`${baseUrl}/api/live`, { agent, headers: { cookie } }, (res) => {
            if (res.statusCode !== 200) return reject(new Error(`live stream ${i}: ${res.statusCode}`));
            res.setEncoding('utf8');
            res.on('data', (chunk) => {
              if (chunk.includes('event: reminders')) received[i] += 1;
              else if (chunk.startsWith(': connected')) resolve();
            });
          });
          req.on('error', reject);
          req.end();
          sockets.push(req);
        }),
    ),
  );
  await new Promise((r) => setTimeout(r, 1000));
  const rssHeld = gatewayRss();
  const nc = await connect({ servers: natsUrl });
  const codec = JSONCodec();
  const t0 = performance.now();
  for (const userId of userIds) nc.publish(`${prefix}live.${userId}.reminders`, codec.encode({ kind: 'reminders', data: {} }));
  await nc.flush();
  let deliveredMs = NaN;
  while (performance.now() - t0 < 10_000) {
    if (received.every((n) => n >= 1)) {
      deliveredMs = performance.now() - t0;
      break;
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  for (const req of sockets) req.destroy();
  await nc.close();
  return {
    streams: cookies.length,
    gatewayRssBeforeMb: rssBefore,
    gatewayRssHeldMb: rssHeld,
    extraRssMb: round(rssHeld - rssBefore),
    delivered: received.filter((n) => n >= 1).length,
    allDeliveredMs: round(deliveredMs),
  };
}

/**
 * A request of `size` bytes to a service and the same back, through the platform's RPC client and transport
 * (above 512 kB both travel through the JetStream Object Store), against a probe service in this process.
 */
export async function benchLargePayload({ root, natsUrl, prefix, sizes = [100 * 1024, 5 * 1024 * 1024], rounds = 10 }) {
  const require = createRequire(join(root, 'libs/platform/package.json'));
  require('reflect-metadata');
  const { Controller, Module } = require('@nestjs/common');
  const { MessagePattern } = require('@nestjs/microservices');
  const { NestFactory } = require('@nestjs/core');
  const { connect } = require('nats');
  const { NatsTransport, RpcClient, PassThroughRpcFilter } = require('@jarvis/platform');

  class EchoHandler {
    echo({ data }) {
      return data;
    }
  }
  MessagePattern('bench.payload.echo')(EchoHandler.prototype, 'echo', Object.getOwnPropertyDescriptor(EchoHandler.prototype, 'echo'));
  Controller()(EchoHandler);
  class EchoModule {}
  Module({ controllers: [EchoHandler] })(EchoModule);

  const serviceNc = await connect({ servers: natsUrl });
  const transport = new NatsTransport({ queue: 'bench', prefix });
  transport.useConnection(serviceNc);
  const app = await NestFactory.createMicroservice(EchoModule, { strategy: transport, logger: false });
  app.useGlobalFilters(new PassThroughRpcFilter());
  await app.listen();
  const clientNc = await connect({ servers: natsUrl });
  const rpc = new RpcClient(clientNc, prefix);
  const ctx = { userId: null, tier: 'free', requestId: 'bench' };
  const rows = [];
  try {
    for (const size of sizes) {
      const payload = { blob: 'x'.repeat(size) };
      await rpc.request('bench.payload.echo', payload, ctx, 30_000); // warm-up (bucket creation)
      const times = [];
      for (let i = 0; i < rounds; i++) {
        const t0 = performance.now();
        const back = await rpc.request('bench.payload.echo', payload, ctx, 30_000);
        times.push(performance.now() - t0);
        if (back.blob.length !== size) throw new Error('echo lost bytes');
      }
      times.sort((a, b) => a - b);
      rows.push({ payload: size >= 1024 * 1024 ? `${size / 1024 / 1024} MB` : `${size / 1024} kB`, rounds, p50: pick(times, 0.5), max: round(times.at(-1)) });
    }
  } finally {
    await app.close();
    await serviceNc.close().catch(() => undefined);
    await clientNc.close();
  }
  return rows;
}

/**
 * Uploads through the whole path, as a browser sends them: a 4 MB image to POST /api/vision/analyze and 25 MB of audio
 * to POST /api/transcribe (JSON with base64, as the app sends them), each against a 1 kB one. Timed from the client's
 * first byte to the moment the model (the fake on `model.server`) receives the voice service's request: everything
 * that is ours (HTTP upload, the gateway's parse and validation, the Object Store both ways, the service's decoding and
 * its request to the model). `cookies`: one user per round (vision allows 10 images a minute per user). `cpuMs()`: the
 * CPU time (ms) of the processes on the path so far, by name, printed per upload: on a loaded machine the wall times
 * wait for the cores, the CPU times do not.
 */
export async function benchUploads({ baseUrl, cookies, model, rounds = 5, cpuMs = () => ({}) }) {
  const arrivals = [];
  const onRequest = (req) => arrivals.push({ path: req.url ?? '', at: performance.now() });
  model.server.on('request', onRequest);
  const png = (bytes) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(bytes - 8)]).toString('base64');
  const webm = (bytes) => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(bytes - 4)]).toString('base64');
  const cases = [
    { what: 'image 1 kB, /api/vision/analyze', path: '/api/vision/analyze', body: { imageData: png(1024), prompt: 'What is this?' }, model: '/v1/chat/completions' },
    { what: 'image 4 MB, /api/vision/analyze', path: '/api/vision/analyze', body: { imageData: png(4 * 1024 * 1024), prompt: 'What is this?' }, model: '/v1/chat/completions' },
    { what: 'audio 1 kB, /api/transcribe', path: '/api/transcribe', body: { audio: webm(1024), mimeType: 'audio/webm' }, model: '/v1/audio/transcriptions' },
    { what: 'audio 25 MB, /api/transcribe', path: '/api/transcribe', body: { audio: webm(25 * 1024 * 1024), mimeType: 'audio/webm' }, model: '/v1/audio/transcriptions' },
  ];
  const rows = [];
  try {
    for (const c of cases) {
      const body = JSON.stringify(c.body);
      const toModel = [];
      const total = [];
      let cpuBefore;
      for (let i = -1; i < rounds; i++) {
        if (i === 0) cpuBefore = cpuMs();
        const cookie = cookies[(i + 1) % cookies.length];
        const from = arrivals.length;
        const t0 = performance.now();
        const res = await fetch(baseUrl + c.path, {
          method: 'POST',
          headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
          body,
        });
        const text = await res.text();
        if (!res.ok) throw new Error(`${c.path}: ${res.status} ${text.slice(0, 200)}`);
        const asked = arrivals.slice(from).find((a) => a.path.startsWith(c.model));
        if (!asked) throw new Error(`${c.path}: the model was not asked`);
        if (i < 0) continue; // warm-up
        toModel.push(asked.at - t0);
        total.push(performance.now() - t0);
      }
      toModel.sort((a, b) => a - b);
      total.sort((a, b) => a - b);
      const cpuAfter = cpuMs();
      const cpu = Object.fromEntries(Object.keys(cpuAfter).map((name) => [`${name} CPU ms`, round((cpuAfter[name] - cpuBefore[name]) / rounds)]));
      rows.push({ upload: c.what, rounds, 'to the model p50 ms': pick(toModel, 0.5), 'max ms': round(toModel.at(-1)), 'answered p50 ms': pick(total, 0.5), ...cpu });
    }
  } finally {
    model.server.off('request', onRequest);
  }
  return rows;
}

/** Reads a process's CPU time (user + system) in milliseconds from /proc. */
export function cpuMs(pid) {
  try {
    const { readFileSync } = createRequire(import.meta.url)('node:fs');
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, 100 ticks a second
  } catch {
    return NaN;
  }
}
