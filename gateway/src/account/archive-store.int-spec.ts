import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { createTestEnv, type TestEnv } from '@jarvis/testing';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayConfig } from '../config/gateway.config';
import { ArchiveStore, READ_AHEAD_CHUNKS } from './archive-store';

let env: TestEnv;
let nc: NatsConnection;
let store: ArchiveStore;

beforeAll(async () => {
  env = await createTestEnv('archive-store');
  nc = await connect({ servers: env.env.NATS_URL });
  store = new ArchiveStore(nc, { NATS_SUBJECT_PREFIX: env.natsPrefix } as GatewayConfig);
});
afterAll(async () => {
  await nc?.close();
  await env?.dispose();
});

async function put(name: string, bytes: Buffer) {
  const { stream, stored } = await store.writer(name);
  stream.end(bytes);
  return stored;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** How many chunks of the object the store has handed to readers so far (its consumers' deliveries). */
async function chunksDelivered(name: string): Promise<number> {
  const info = await (await nc.jetstream().views.os(store.bucket)).info(name);
  const jsm = await nc.jetstreamManager();
  let delivered = 0;
  for await (const consumer of jsm.consumers.list(`OBJ_${store.bucket}`)) {
    const filters = [consumer.config.filter_subject, ...(consumer.config.filter_subjects ?? [])];
    if (filters.includes(`$O.${store.bucket}.C.${info!.nuid}`)) delivered += consumer.delivered.consumer_seq;
  }
  return delivered;
}

describe('ArchiveStore', () => {
  it('hands a slow reader a few chunks ahead of what it took, never the whole archive, and every byte in order', async () => {
    const archive = randomBytes(40 * 128 * 1024 + 1000);
    const info = await put('slow', archive);
    expect(info.chunks).toBeGreaterThanOrEqual(40);

    const stream = (await store.reader('slow'))!;
    const first = await new Promise<Buffer>((resolve) => stream.once('data', resolve));
    stream.pause();
    expect(archive.subarray(0, first.length).equals(Buffer.from(first))).toBe(true);
    // However long the client takes (here it takes nothing more for a second), the store is asked for no more.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const delivered = await chunksDelivered('slow');
    expect(delivered).toBeGreaterThan(0);
    expect(delivered).toBeLessThanOrEqual(2 * READ_AHEAD_CHUNKS);

    const rest = await readAll(stream);
    expect(Buffer.concat([Buffer.from(first), rest]).equals(archive)).toBe(true);
    expect(await chunksDelivered('slow')).toBe(info.chunks);
  });

  it('reads an archive of one chunk and an empty one whole; a deleted one is gone', async () => {
    const small = randomBytes(1000);
    await put('small', small);
    expect((await readAll((await store.reader('small'))!)).equals(small)).toBe(true);
    await put('empty', Buffer.alloc(0));
    expect((await readAll((await store.reader('empty'))!)).length).toBe(0);
    await store.delete('small');
    expect(await store.reader('small')).toBeNull();
    expect(await store.size('small')).toBeNull();
  });
});
