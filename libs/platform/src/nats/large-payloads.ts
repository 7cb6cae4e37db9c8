import { randomUUID } from 'node:crypto';
import { DomainError, ErrorKind } from '@jarvis/contracts';
import { JSONCodec, nanos, type NatsConnection, type ObjectStore } from 'nats';
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

/**
 * JSON-encodes a request or reply. Up to LARGE_PAYLOAD_THRESHOLD_BYTES the bytes go inline; above, they are put in
 * the run's Object Store bucket and a small `{ $ref: { bucket, name, size } }` goes instead.
 */
export async function encodePayload(nc: NatsConnection, prefix: string, body: unknown): Promise<Uint8Array> {
  const bytes = codec.encode(body);
  if (bytes.length <= LARGE_PAYLOAD_THRESHOLD_BYTES) return bytes;
  const bucket = largePayloadBucket(prefix);
  const name = randomUUID();
  try {
    const store = await objectStore(nc, bucket);
    await store.putBlob({ name }, bytes);
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
  const body = codec.decode(bytes);
  const ref = payloadRefOf(body);
  if (!ref) return body as T;
  let data: Uint8Array | null;
  let store: ObjectStore;
  try {
    store = await objectStore(nc, ref.bucket);
    data = await store.getBlob(ref.name);
  } catch (error) {
    log.error({ err: error, ...ref }, 'could not read a large payload');
    throw new DomainError(ErrorKind.ServiceUnavailable, 'A large message could not be read from the message bus right now.', {
      details: { size: ref.size },
    });
  }
  if (!data) {
    throw new DomainError(ErrorKind.ServiceUnavailable, 'A large message expired before it was read.', { details: { size: ref.size } });
  }
  await store.delete(ref.name).catch((error: unknown) => log.warn({ err: error, ...ref }, 'could not delete a read payload; it expires'));
  return codec.decode(data) as T;
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
