import { Inject, Injectable } from '@nestjs/common';
import { NATS_CONNECTION } from '@jarvis/platform';
import { nanos, type NatsConnection, type ObjectInfo, type ObjectStore } from 'nats';
import { PassThrough, Readable, type Writable } from 'node:stream';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config';

/** How long an archive is kept: the bucket's TTL (JetStream removes it then) and the export's `expiresAt`. */
export const ARCHIVE_KEEP_MS = 24 * 60 * 60 * 1000;
/** Chunks read ahead of the HTTP client while a download streams (each at most 128 kB). */
const READ_AHEAD_CHUNKS = 4;

/**
 * Where written archives wait for their download: a JetStream Object Store bucket of the installation
 * (`<prefix>jarvis_exports`) whose objects expire after 24 hours. Every gateway replica reads what any other wrote, in
 * one process or split, so the download link works whichever replica answers it, and nothing stays on a disk.
 *
 * Writing streams the ZIP into the store as it is made. Reading pulls the object's chunks a few at a time as the
 * HTTP client takes them (an ordered pull consumer), so a download never holds the archive in memory, however slow
 * the client: the Object Store's own `get` pushes every chunk at once.
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
      if (remaining === 0) return;
      const messages = await consumer.consume({ max_messages: READ_AHEAD_CHUNKS });
      try {
        for await (const message of messages) {
          yield message.data;
          if (--remaining === 0) break;
        }
      } finally {
        await messages.close().catch(() => undefined);
      }
    }
    return Readable.from(chunks(), { objectMode: false, highWaterMark: 1 });
  }

  async delete(name: string): Promise<void> {
    await (await this.open()).delete(name).catch(() => undefined);
  }
}
