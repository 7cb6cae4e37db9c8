import { createHash, randomBytes } from 'node:crypto';
import { Controller, Module } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { DomainError, ErrorKind, type RequestContext } from '@jarvis/contracts';
import { createTestEnv, startNatsService, type TestEnv } from '@jarvis/testing';
import { connect, JSONCodec, type NatsConnection, type Subscription } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePayload, encodePayload, LARGE_PAYLOAD_CHUNK_BYTES, LARGE_PAYLOAD_THRESHOLD_BYTES, largePayloadBucket } from './large-payloads';
import { RpcClient } from './rpc-client';

const FIVE_MB = 5 * 1024 * 1024;
// What crosses the bus: calls to a service in the same process (JARVIS_IN_PROCESS_CALLS=1) need no Object Store.
process.env.JARVIS_IN_PROCESS_CALLS = '0';

/** A JSON-safe text of `size` characters that differs from run to run. */
function text(size: number) {
  return randomBytes(Math.ceil((size * 3) / 4)).toString('base64').slice(0, size);
}
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

@Controller()
class LargeProbe {
  @MessagePattern('probe.echo')
  echo({ data }: { data: unknown }) {
    return data;
  }

  @MessagePattern('probe.digest')
  digest({ data }: { data: { text: string } }) {
    return { length: data.text.length, sha256: sha256(data.text) };
  }

  @MessagePattern('probe.produce')
  produce({ data }: { data: { size: number } }) {
    const produced = text(data.size);
    return { text: produced, sha256: sha256(produced) };
  }
}

@Module({ controllers: [LargeProbe] })
class ProbeModule {}

let env: TestEnv;
let nc: NatsConnection;
const apps: { close(): Promise<void> }[] = [];
const ctx: RequestContext = { userId: 'u-1', tier: 'free', requestId: 'req-large-1' };
const codec = JSONCodec();

async function startProbe(prefix: string) {
  apps.push(await startNatsService(ProbeModule, { natsUrl: env.env.NATS_URL, prefix }));
}

interface MetaEvent {
  name: string;
  deleted?: boolean;
}

/** Records what the Object Store writes about objects of a bucket (puts and deletes), as it happens. */
function watchBucket(bucket: string) {
  const events: MetaEvent[] = [];
  const sub: Subscription = nc.subscribe(`$O.${bucket}.M.>`, {
    callback: (_err, msg) => events.push(codec.decode(msg.data) as MetaEvent),
  });
  return {
    events,
    stored: () => events.filter((e) => !e.deleted).map((e) => e.name),
    deleted: () => events.filter((e) => e.deleted).map((e) => e.name),
    async stop() {
      await nc.flush();
      sub.unsubscribe();
    },
  };
}

async function bucketContents(prefix: string) {
  const store = await nc.jetstream().views.os(largePayloadBucket(prefix));
  return store.list();
}

beforeAll(async () => {
  env = await createTestEnv('largepayloads');
  nc = await connect({ servers: env.env.NATS_URL });
  await startProbe(env.natsPrefix);
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await nc?.close();
  await env?.dispose();
});

describe('large payloads over NATS', () => {
  it('names the bucket after the subject prefix, with only the characters a bucket name allows', () => {
    expect(largePayloadBucket('t123.')).toBe('t123_jarvis_payloads');
    expect(largePayloadBucket('')).toBe('jarvis_payloads');
    expect(largePayloadBucket('a.b*c>')).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('carries a 5 MB request to the handler and a 5 MB reply back byte for byte, then deletes both objects', async () => {
    const rpc = new RpcClient(nc, env.natsPrefix);
    const watch = watchBucket(largePayloadBucket(env.natsPrefix));
    const sent = { text: text(FIVE_MB), marker: 'é ✓ \u0001' };

    const echoed = await rpc.request<typeof sent>('probe.echo', sent, ctx, 10_000);

    expect(echoed.text.length).toBe(FIVE_MB);
    expect(sha256(echoed.text)).toBe(sha256(sent.text));
    expect(echoed.marker).toBe(sent.marker);
    await watch.stop();
    expect(watch.stored()).toHaveLength(2);
    expect(watch.deleted().sort()).toEqual(watch.stored().sort());
    const store = await nc.jetstream().views.os(largePayloadBucket(env.natsPrefix));
    for (const name of watch.stored()) expect(await store.info(name)).toMatchObject({ deleted: true });
    expect(await bucketContents(env.natsPrefix)).toEqual([]);
  });

  it('hands the handler a 5 MB request it can read as typed input', async () => {
    const rpc = new RpcClient(nc, env.natsPrefix);
    const sent = text(FIVE_MB);
    const reply = await rpc.request<{ length: number; sha256: string }>('probe.digest', { text: sent }, ctx, 10_000);
    expect(reply).toEqual({ length: FIVE_MB, sha256: sha256(sent) });
  });

  it('returns a 5 MB reply to a small request byte for byte', async () => {
    const rpc = new RpcClient(nc, env.natsPrefix);
    const reply = await rpc.request<{ text: string; sha256: string }>('probe.produce', { size: FIVE_MB }, ctx, 10_000);
    expect(reply.text.length).toBe(FIVE_MB);
    expect(sha256(reply.text)).toBe(reply.sha256);
  });

  it('sends a 100 kB request and reply inline, without creating an object', async () => {
    const rpc = new RpcClient(nc, env.natsPrefix);
    const watch = watchBucket(largePayloadBucket(env.natsPrefix));
    const sent = { text: text(100 * 1024) };
    expect(await rpc.request('probe.echo', sent, ctx, 5_000)).toEqual(sent);
    await watch.stop();
    expect(watch.events).toEqual([]);
  });

  it('keeps a payload just under the threshold inline and puts one just over it in the bucket', async () => {
    const under = await encodePayload(nc, env.natsPrefix, { text: 'x'.repeat(LARGE_PAYLOAD_THRESHOLD_BYTES - 20) });
    expect(under.length).toBeLessThanOrEqual(LARGE_PAYLOAD_THRESHOLD_BYTES);
    const over = await encodePayload(nc, env.natsPrefix, { text: 'x'.repeat(LARGE_PAYLOAD_THRESHOLD_BYTES) });
    expect(over.length).toBeLessThan(1024);
    expect(codec.decode(over)).toMatchObject({ $ref: { bucket: largePayloadBucket(env.natsPrefix), size: LARGE_PAYLOAD_THRESHOLD_BYTES + 11 } });
    expect(await decodePayload(nc, over)).toEqual({ text: 'x'.repeat(LARGE_PAYLOAD_THRESHOLD_BYTES) });
  });

  it('stores an object the nats client itself reads back intact (same layout, a valid SHA-256), in chunks of up to 1 MB', async () => {
    const body = { text: text(FIVE_MB) };
    const ref = codec.decode(await encodePayload(nc, env.natsPrefix, body)) as { $ref: { name: string; size: number } };
    const store = await nc.jetstream().views.os(largePayloadBucket(env.natsPrefix));
    const info = await store.info(ref.$ref.name);
    expect(info).toMatchObject({ size: ref.$ref.size, deleted: false });
    // 5 MB of JSON in 1 MB chunks: 6 messages, where the client's own put makes 41.
    expect(info!.chunks).toBe(Math.ceil(ref.$ref.size / LARGE_PAYLOAD_CHUNK_BYTES));
    // getBlob checks the digest as it reads: a wrong one rejects.
    const stored = await store.getBlob(ref.$ref.name);
    expect(JSON.parse(Buffer.from(stored!).toString('utf8'))).toEqual(body);
    await store.delete(ref.$ref.name);
  });

  it('reads an object the nats client wrote (in its own 128 kB chunks) and deletes it', async () => {
    const body = { text: text(700 * 1024) };
    const store = await nc.jetstream().views.os(largePayloadBucket(env.natsPrefix));
    const name = `written-by-the-client-${Date.now()}`;
    const size = Buffer.byteLength(JSON.stringify(body));
    await store.putBlob({ name }, Buffer.from(JSON.stringify(body)));
    expect(await decodePayload(nc, codec.encode({ $ref: { bucket: largePayloadBucket(env.natsPrefix), name, size } }))).toEqual(body);
    expect(await store.info(name)).toMatchObject({ deleted: true });
  });

  it('reports an object read twice (or expired) as SERVICE_UNAVAILABLE', async () => {
    const bytes = await encodePayload(nc, env.natsPrefix, { text: text(600 * 1024) });
    await decodePayload(nc, bytes);
    const error = await decodePayload(nc, bytes).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: ErrorKind.ServiceUnavailable });
  });

  it('creates the bucket once when many large messages start at the same time in a fresh process', async () => {
    const fresh = await connect({ servers: env.env.NATS_URL });
    try {
      const rpc = new RpcClient(fresh, env.natsPrefix);
      const sent = Array.from({ length: 4 }, () => ({ text: text(700 * 1024) }));
      const replies = await Promise.all(sent.map((body) => rpc.request<{ sha256: string }>('probe.digest', body, ctx, 10_000)));
      expect(replies.map((r) => r.sha256)).toEqual(sent.map((b) => sha256(b.text)));
    } finally {
      await fresh.close();
    }
  });

  it('answers an error, and keeps the service up, when a large reply or request cannot be stored', async () => {
    // A bucket too small for any large payload, under its own prefix: storing fails on both sides.
    const prefix = `${env.natsPrefix}full.`;
    await nc.jetstream().views.os(largePayloadBucket(prefix), { max_bytes: 1024 });
    await startProbe(prefix);
    const rpc = new RpcClient(nc, prefix);

    const replyError = await rpc.request('probe.produce', { size: FIVE_MB }, ctx, 10_000).catch((e: unknown) => e);
    expect(replyError).toBeInstanceOf(DomainError);
    expect(replyError).toMatchObject({ kind: ErrorKind.ServiceUnavailable });

    const requestError = await rpc.request('probe.digest', { text: text(FIVE_MB) }, ctx, 10_000).catch((e: unknown) => e);
    expect(requestError).toMatchObject({ kind: ErrorKind.ServiceUnavailable });

    expect(await rpc.request('probe.echo', { still: 'up' }, ctx, 5_000)).toEqual({ still: 'up' });
  });

  it('leaves nothing in the bucket once every message was read', async () => {
    expect(await bucketContents(env.natsPrefix)).toEqual([]);
  });
});
