import { Inject, Injectable } from '@nestjs/common';
import { NATS_CONNECTION } from '@jarvis/platform';
import { nanos, type NatsConnection, type ObjectInfo, type ObjectStore } from 'nats';
import { PassThrough, Readable, type Writable } from 'node:stream';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config';

/** How long an archive is kept: the bucket's TTL (JetStream removes it then) and the export's `expiresAt`. */
export const ARCHIVE_KEEP_MS = 24 * 60 * 60 * 1000;
/** Chunks read ahead of the HTTP client while a download streams (each at most 128 kB). */
export const READ_AHEAD_CHUNKS = 4;
/** How long one pull of chunks waits for the store before the download fails. */
const PULL_EXPIRES_MS = 10_000;

/**
 * Where written archives wait for their download: a JetStream Object Store bucket of the installation
 * (`<prefix>jarvis_exports`) whose objects expire after 24 hours. Every gateway replica reads what any other wrote, in
 * one process or split, so the download link works whichever replica answers it, and nothing stays on a disk.
 *
 * Writing streams the ZIP into the store as it is made. Reading pulls the object's chunks a few at a time as the
 * HTTP client takes them (an ordered pull consumer, one `fetch` of READ_AHEAD_CHUNKS after another), so a download
 * never holds the archive in memory, however slow the client: the Object Store's own `get` pushes every chunk at
 * once, and the consumer's `consume` pulls again as chunks arrive rather than as they are read, which comes to the same.
 */
@Injectable()
export class ArchiveStore {
  private store?: Promise<ObjectStore>;
  readonly bucket: string;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.bucket = `${config.NATS_SUBJECT_PREFIX.replace(/[^A-Za-z0-9_-]/g, '_')}jarvis_exports`;
  }

  private open(): Promise<ObjectStore> {
    if (!this.store) {
      const open = () => this.nc.jetstream().views.os(this.bucket, { ttl: nanos(ARCHIVE_KEEP_MS) });
      // Another replica may create the bucket between our look-up and our create: the retry finds it.
      const store = open().catch(() => open());
      store.catch(() => this.store === store && (this.store = undefined));
      this.store = store;
    }
    return this.store;
  }

  /** A stream to write the object `name` into, and the object's info once the stream ended and every chunk is stored. */
  async writer(name: string): Promise<{ stream: Writable; stored: Promise<ObjectInfo> }> {
    const store = await this.open();
    const stream = new PassThrough({ highWaterMark: 256 * 1024 });
    const stored = store.put({ name }, Readable.toWeb(stream) as ReadableStream<Uint8Array>);
    return { stream, stored };
  }

  /** The object's size, or null when it is gone (expired or deleted). */
  async size(name: string): Promise<number | null> {
    const info = await (await this.open()).info(name);
    return info && !info.deleted ? info.size : null;
  }

  /** The object's bytes as a stream that reads ahead a few chunks at most; null when it is gone. */
  async reader(name: string): Promise<Readable | null> {
    const store = await this.open();
    const info = await store.info(name);
    if (!info || info.deleted) return null;
    const js = this.nc.jetstream();
    const consumer = await js.consumers.get(`OBJ_${this.bucket}`, { filterSubjects: `$O.${this.bucket}.C.${info.nuid}` });
    let remaining = info.chunks;
    async function* chunks() {
      while (remaining > 0) {
        // A pull's chunks are taken at once (the pull then ends, however long the client takes over them); the next
        // pull only once the stream has passed these on.
        const batch = await consumer.fetch({ max_messages: Math.min(READ_AHEAD_CHUNKS, remaining), expires: PULL_EXPIRES_MS });
        const data: Uint8Array[] = [];
        for await (const message of batch) data.push(message.data);
        if (data.length === 0) throw new Error(`The store gave no more of ${name} (${remaining} chunks missing)`);
        remaining -= data.length;
        yield* data;
      }
    }
    return Readable.from(chunks(), { objectMode: false, highWaterMark: 1 });
  }

  async delete(name: string): Promise<void> {
    await (await this.open()).delete(name).catch(() => undefined);
  }
}
