import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer, globalAgent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// web-push's own encryption library, used here the other way round: as the browser, to decrypt.
import ece from 'http_ece';

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  /** The payload decrypted with the subscription's private key and auth secret. */
  payload: unknown;
}

/** A browser's side of a push subscription: its keys, as PushSubscription.toJSON() gives them. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}

/** A self-signed certificate for 127.0.0.1, trusted by this process's default HTTPS agent (web-push speaks only HTTPS). */
function loopbackCertificate() {
  const dir = mkdtempSync(join(tmpdir(), 'push-fake-'));
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
    '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
  ], { stdio: 'ignore' });
  const cert = readFileSync(join(dir, 'cert.pem'));
  const existing = globalAgent.options.ca;
  globalAgent.options.ca = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), cert];
  return { key: readFileSync(join(dir, 'key.pem')), cert };
}

/**
 * A loopback push service over HTTPS: `/ok/<name>` takes the push (201) and decrypts it with the keys registered for that
 * name; `/gone/<name>` answers 410 as a push service does for an expired subscription; `/fail/<name>` answers 500.
 */
export async function startPushFake() {
  const received: ReceivedPush[] = [];
  const keys = new Map<string, ReturnType<typeof browserKeys>>();
  const server = createServer(loopbackCertificate(), async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const [, kind, name] = (req.url ?? '').split('/');
    if (kind === 'gone') return void res.writeHead(410).end('Gone');
    if (kind === 'fail') return void res.writeHead(500).end('Boom');
    const k = keys.get(name);
    let payload: unknown = null;
    if (k) payload = JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: k.ecdh, authSecret: k.auth }).toString('utf8'));
    received.push({ path: req.url ?? '', headers: req.headers, payload });
    res.writeHead(201).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    /** A subscription JSON for `/kind/name` whose keys the fake knows. */
    subscription(kind: 'ok' | 'gone' | 'fail', name: string) {
      const k = browserKeys();
      keys.set(name, k);
      return { endpoint: `${url}/${kind}/${name}`, expirationTime: null, keys: k.keys };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
