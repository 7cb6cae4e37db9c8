import { createHash, type Hash, randomUUID } from 'node:crypto';
import { DomainError, ErrorKind } from '@jarvis/contracts';
import { consumerOpts, headers, type JetStreamManager, JsHeaders, JSONCodec, nanos, type NatsConnection, nuid, type ObjectStore } from 'nats';
import { createLogger } from '../logger';

const codec = JSONCodec();
const log = createLogger('large-payloads');

/** An encoded request or reply above this size crosses NATS by reference (core NATS allows 1 MB by default). */
export const LARGE_PAYLOAD_THRESHOLD_BYTES = 512 * 1024;
/** Objects nobody read (the caller gave up, the service died) expire after this. */
export const LARGE_PAYLOAD_TTL_MS = 15 * 60 * 1000;
const BUCKET_SUFFIX = 'jarvis_payloads';

/** Where a large body waits for its reader. */
export interface PayloadRef {
  bucket: string;
  name: string;
  size: number;
}

/** What crosses NATS instead of a large body. RpcRequest and RpcReply have no `$ref` field, so it cannot clash. */
export interface PayloadRefEnvelope {
  $ref: PayloadRef;
}

/**
 * The Object Store bucket of an installation or test run: its NATS subject prefix (`t123.`) made a valid bucket
 * name (`t123_jarvis_payloads`), so runs sharing a server never see each other's objects.
 */
export function largePayloadBucket(prefix: string): string {
  return `${prefix.replace(/[^A-Za-z0-9_-]/g, '_')}${BUCKET_SUFFIX}`;
}

const stores = new WeakMap<NatsConnection, Map<string, Promise<ObjectStore>>>();

/** Opens (creating on first use) a bucket once per connection; concurrent callers share the same promise. */
function objectStore(nc: NatsConnection, bucket: string): Promise<ObjectStore> {
  let byName = stores.get(nc);
  if (!byName) stores.set(nc, (byName = new Map()));
  let store = byName.get(bucket);
  if (!store) {
    const open = () => nc.jetstream().views.os(bucket, { ttl: nanos(LARGE_PAYLOAD_TTL_MS) });
    // A second process may create the bucket between our look-up and our create: the retry then finds it.
    store = open().catch(() => open());
    // A failure is not cached, so the next payload tries again (JetStream may come back).
    const opened = store;
    opened.catch(() => byName.get(bucket) === opened && byName.delete(bucket));
    byName.set(bucket, opened);
  }
  return store;
}

const managers = new WeakMap<NatsConnection, Promise<JetStreamManager>>();
function manager(nc: NatsConnection): Promise<JetStreamManager> {
  let jsm = managers.get(nc);
  if (!jsm) managers.set(nc, (jsm = nc.jetstreamManager({ checkAPI: false })));
  return jsm;
}

/**
 * The largest chunk an object is cut into: fewer, larger messages than the client's own 128 kB (a 25 MB upload is
 * 25 messages, not 200), never above what the server accepts in one message (`max_payload`, 1 MB by default).
 */
export const LARGE_PAYLOAD_CHUNK_BYTES = 1024 * 1024;
/** Chunks published and not yet acknowledged by JetStream at once: enough to keep the pipe full, bounded memory. */
const CHUNKS_IN_FLIGHT = 8;
/** A reader that has waited this long for the next chunk gives up (the object was purged under it). */
const CHUNK_WAIT_MS = 10_000;

/** What the Object Store keeps about an object (the `nats` client's format, so its tools read ours and vice versa). */
interface ObjectMeta {
  name: string;
  bucket: string;
  nuid: string;
  size: number;
  chunks: number;
  mtime: string;
  digest: string;
  deleted: boolean;
  options?: { max_chunk_size?: number };
}

const streamOf = (bucket: string) => `OBJ_${bucket}`;
const chunkSubject = (bucket: string, id: string) => `$O.${bucket}.C.${id}`;
/** The client's base64url with padding. */
const metaSubject = (bucket: string, name: string) =>
  `$O.${bucket}.M.${Buffer.from(name).toString('base64').replace(/\+/g, '-').replace(/\//g, '_')}`;
const digestOf = (hash: Hash) => `SHA-256=${hash.digest('base64').replace(/\+/g, '-').replace(/\//g, '_')}`;
const rollup = () => {
  const h = headers();
  h.set(JsHeaders.RollupHdr, JsHeaders.RollupValueSubject);
  return h;
};

/**
 * Puts `bytes` in the bucket as the `nats` client's ObjectStore.put would, without its costs: the digest is Node's
 * native SHA-256 (the client's is JavaScript, ~50 ms per 5 MB), the chunks are views of `bytes` (the client copies
 * the rest of the buffer at every chunk) and as large as the server takes, acknowledged in a window. On any failure
 * the chunks already stored are purged and the error is thrown.
 */
async function putObject(nc: NatsConnection, bucket: string, name: string, bytes: Uint8Array): Promise<void> {
  await objectStore(nc, bucket); // created on first use, with its TTL
  const js = nc.jetstream();
  const id = nuid.next();
  const subject = chunkSubject(bucket, id);
  const chunkBytes = Math.max(1, Math.min(LARGE_PAYLOAD_CHUNK_BYTES, nc.info?.max_payload ?? LARGE_PAYLOAD_CHUNK_BYTES));
  const hash = createHash('sha256');
  const inFlight = new Set<Promise<unknown>>();
  let failure: unknown;
  let chunks = 0;
  for (let offset = 0; offset < bytes.length && failure === undefined; offset += chunkBytes) {
    const chunk = bytes.subarray(offset, offset + chunkBytes);
    hash.update(chunk);
    chunks++;
    const ack: Promise<unknown> = js.publish(subject, chunk).then(
      () => inFlight.delete(ack),
      (error: unknown) => {
        inFlight.delete(ack);
        failure ??= error;
      },
    );
    inFlight.add(ack);
    if (inFlight.size >= CHUNKS_IN_FLIGHT) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  if (failure === undefined) {
    const meta: ObjectMeta = {
      name, bucket, nuid: id, size: bytes.length, chunks, mtime: new Date().toISOString(), digest: digestOf(hash), deleted: false,
      options: { max_chunk_size: chunkBytes },
    };
    try {
      await js.publish(metaSubject(bucket, name), codec.encode(meta), { headers: rollup() });
      return;
    } catch (error) {
      failure = error;
    }
  }
  const jsm = await manager(nc);
  await jsm.streams.purge(streamOf(bucket), { filter: subject }).catch(() => undefined);
  throw failure;
}

/** The object's metadata, or null when there is none or it was deleted (read already, or expired). */
async function objectMeta(nc: NatsConnection, bucket: string, name: string): Promise<ObjectMeta | null> {
  const jsm = await manager(nc);
  try {
    const msg = await jsm.streams.getMessage(streamOf(bucket), { last_by_subj: metaSubject(bucket, name) });
    const meta = codec.decode(msg.data) as ObjectMeta;
    return meta.deleted ? null : meta;
  } catch (error) {
    if ((error as { code?: string }).code === '404') return null;
    throw error;
  }
}

/**
 * Reads an object's bytes into one buffer of its size, through an ordered consumer of its chunks, and checks their
 * count, size and SHA-256 (native) against its metadata.
 */
async function readObject(nc: NatsConnection, meta: ObjectMeta): Promise<Buffer> {
  const data = Buffer.allocUnsafe(meta.size);
  if (meta.size === 0) return data;
  const hash = createHash('sha256');
  const opts = consumerOpts();
  opts.orderedConsumer();
  const sub = await nc.jetstream().subscribe(chunkSubject(meta.bucket, meta.nuid), opts);
  let offset = 0;
  let chunks = 0;
  let timer: NodeJS.Timeout | undefined;
  const stall = () => {
    clearTimeout(timer);
    timer = setTimeout(() => sub.unsubscribe(), CHUNK_WAIT_MS);
  };
  stall();
  try {
    for await (const msg of sub) {
      if (offset + msg.data.length > meta.size) break;
      data.set(msg.data, offset);
      hash.update(msg.data);
      offset += msg.data.length;
      chunks++;
      if (msg.info.pending === 0) break;
      stall();
    }
  } finally {
    clearTimeout(timer);
    sub.unsubscribe();
  }
  if (offset !== meta.size || chunks !== meta.chunks || digestOf(hash) !== meta.digest) {
    throw new Error(`large payload ${meta.name} is incomplete or corrupt (${offset} of ${meta.size} bytes, ${chunks} of ${meta.chunks} chunks)`);
  }
  return data;
}

/** Marks an object deleted (so a second read finds nothing) and purges its chunks, as ObjectStore.delete does. */
async function deleteObject(nc: NatsConnection, meta: ObjectMeta): Promise<void> {
  const jsm = await manager(nc);
  const tombstone: ObjectMeta = { ...meta, deleted: true, size: 0, chunks: 0, digest: '' };
  await Promise.all([
    nc.jetstream().publish(metaSubject(meta.bucket, meta.name), codec.encode(tombstone), { headers: rollup() }),
    jsm.streams.purge(streamOf(meta.bucket), { filter: chunkSubject(meta.bucket, meta.nuid) }),
  ]);
}

/**
 * JSON-encodes a request or reply. Up to LARGE_PAYLOAD_THRESHOLD_BYTES the bytes go inline; above, they are put in
 * the run's Object Store bucket and a small `{ $ref: { bucket, name, size } }` goes instead.
 */
export async function encodePayload(nc: NatsConnection, prefix: string, body: unknown): Promise<Uint8Array> {
  // Buffer's UTF-8 encoder, about twice as fast as the TextEncoder in JSONCodec on large bodies.
  const bytes = Buffer.from(JSON.stringify(body) ?? '');
  if (bytes.length <= LARGE_PAYLOAD_THRESHOLD_BYTES) return bytes;
  const bucket = largePayloadBucket(prefix);
  const name = randomUUID();
  try {
    await putObject(nc, bucket, name, bytes);
  } catch (error) {
    log.error({ err: error, bucket, size: bytes.length }, 'could not store a large payload');
    throw new DomainError(ErrorKind.ServiceUnavailable, 'The message bus could not take a large message right now. Please try again shortly.', {
      details: { size: bytes.length },
    });
  }
  const envelope: PayloadRefEnvelope = { $ref: { bucket, name, size: bytes.length } };
  return codec.encode(envelope);
}

/**
 * Decodes what encodePayload produced: inline JSON as is, a reference by reading the object and deleting it (each
 * message has one reader). Throws a DomainError when the object has expired or the store cannot be reached.
 */
export async function decodePayload<T = unknown>(nc: NatsConnection, bytes: Uint8Array): Promise<T> {
  const body: unknown = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  const ref = payloadRefOf(body);
  if (!ref) return body as T;
  let meta: ObjectMeta | null;
  let data: Buffer;
  try {
    meta = await objectMeta(nc, ref.bucket, ref.name);
    if (!meta) {
      throw new DomainError(ErrorKind.ServiceUnavailable, 'A large message expired before it was read.', { details: { size: ref.size } });
    }
    data = await readObject(nc, meta);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    log.error({ err: error, ...ref }, 'could not read a large payload');
    throw new DomainError(ErrorKind.ServiceUnavailable, 'A large message could not be read from the message bus right now.', {
      details: { size: ref.size },
    });
  }
  // Deleted while the JSON is parsed: the reader waits for neither alone.
  const deleted = deleteObject(nc, meta).catch((error: unknown) => log.warn({ err: error, ...ref }, 'could not delete a read payload; it expires'));
  const decoded = JSON.parse(data.toString('utf8')) as T;
  await deleted;
  return decoded;
}

/** The reference in a decoded body, when it is one (and names a payload bucket, not any stream on the server). */
export function payloadRefOf(body: unknown): PayloadRef | undefined {
  if (typeof body !== 'object' || body === null || !('$ref' in body)) return undefined;
  const ref = (body as PayloadRefEnvelope).$ref;
  if (
    typeof ref !== 'object' ||
    ref === null ||
    typeof ref.bucket !== 'string' ||
    !/^[A-Za-z0-9_-]+$/.test(ref.bucket) ||
    !ref.bucket.endsWith(BUCKET_SUFFIX) ||
    typeof ref.name !== 'string'
  ) {
    return undefined;
  }
  return ref;
}
