import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer, globalAgent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AddressVerdict } from '../net/address-policy';
import { type ResolvedAddress, safeFetch, SafeFetchError } from './safe-fetch';

interface Seen {
  method: string;
  path: string;
  host?: string;
  servername?: string;
  authorization?: string;
  body: string;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A certificate for 127.0.0.1 and the name pinned.test, trusted by this process's default HTTPS agent. */
function certificate() {
  const dir = mkdtempSync(join(tmpdir(), 'safe-fetch-'));
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=pinned.test',
    '-addext', 'subjectAltName=IP:127.0.0.1,DNS:pinned.test', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
  ], { stdio: 'ignore' });
  const cert = readFileSync(join(dir, 'cert.pem'));
  const existing = globalAgent.options.ca;
  globalAgent.options.ca = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), cert];
  return { key: readFileSync(join(dir, 'key.pem')), cert };
}

describe('safeFetch: fetching a URL someone else chose', () => {
  const seen: Seen[] = [];
  let handler: Handler = (_req, res) => res.end('hello');
  let http: Server;
  let https: Server;
  let httpUrl: string;
  let httpsPort: number;

  const record = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        path: req.url ?? '',
        host: req.headers.host,
        servername: (req.socket as TLSSocket).servername || undefined,
        authorization: req.headers.authorization,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      handler(req, res);
    });
  };
  /** This test's loopback HTTPS server counts as public; every other private address keeps its verdict. */
  const loopbackServerIsPublic = (verdict: AddressVerdict) => verdict.public || verdict.address === '127.0.0.1';

  beforeAll(async () => {
    http = createHttpServer(record);
    https = createHttpsServer(certificate(), record);
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    await new Promise<void>((r) => https.listen(0, '127.0.0.1', r));
    httpUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    httpsPort = (https.address() as AddressInfo).port;
  });
  afterAll(async () => {
    http.closeAllConnections();
    https.closeAllConnections();
    await new Promise((r) => http.close(r));
    await new Promise((r) => https.close(r));
  });
  beforeEach(() => {
    seen.length = 0;
    handler = (_req, res) => res.end('hello');
  });

  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => (error instanceof SafeFetchError ? { reason: error.reason, message: error.message } : { unexpected: String(error) }),
    );

  it('refuses loopback, private and plain http targets by default, before connecting', async () => {
    expect(await refusal(safeFetch(`https://127.0.0.1:${httpsPort}/`))).toMatchObject({ reason: 'refused', message: expect.stringContaining('loopback') });
    expect(await refusal(safeFetch(`https://[::1]:${httpsPort}/`))).toMatchObject({ reason: 'refused' });
    expect(await refusal(safeFetch(`https://[::ffff:127.0.0.1]:${httpsPort}/`))).toMatchObject({ reason: 'refused', message: expect.stringContaining('ipv4Mapped/loopback') });
    expect(await refusal(safeFetch('https://169.254.169.254/latest/meta-data/'))).toMatchObject({ reason: 'refused', message: expect.stringContaining('linkLocal') });
    expect(await refusal(safeFetch('https://10.0.0.1/'))).toMatchObject({ reason: 'refused' });
    expect(await refusal(safeFetch(`${httpUrl}/`))).toMatchObject({ reason: 'refused', message: expect.stringContaining('only https') });
    expect(await refusal(safeFetch('ftp://example.com/'))).toMatchObject({ reason: 'refused' });
    expect(await refusal(safeFetch('not a url'))).toMatchObject({ reason: 'refused' });
    expect(seen).toHaveLength(0);
  });

  it('refuses a DNS name that resolves to 127.0.0.1, and a name with any private answer among public ones', async () => {
    expect(await refusal(safeFetch(`https://localhost:${httpsPort}/`))).toMatchObject({ reason: 'refused', message: expect.stringContaining('localhost is not a public address') });
    const resolveTo = (...addresses: string[]) => async (): Promise<ResolvedAddress[]> => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    expect(await refusal(safeFetch(`https://pinned.test:${httpsPort}/`, { resolve: resolveTo('127.0.0.1') }))).toMatchObject({ reason: 'refused' });
    expect(await refusal(safeFetch(`https://pinned.test:${httpsPort}/`, { resolve: resolveTo('8.8.8.8', '127.0.0.1') }))).toMatchObject({ reason: 'refused' });
    expect(await refusal(safeFetch(`https://pinned.test:${httpsPort}/`, { resolve: resolveTo('2606:4700:4700::1111', 'fd00::1') }))).toMatchObject({ reason: 'refused' });
    expect(seen).toHaveLength(0);
  });

  it('reaches loopback over http and https with ALLOW_PRIVATE_NETWORK_TARGETS', async () => {
    const plain = await safeFetch(`${httpUrl}/hi?x=1`, { allowPrivateNetwork: true });
    expect(plain).toMatchObject({ status: 200, remoteAddress: '127.0.0.1' });
    expect(plain.text()).toBe('hello');
    const secure = await safeFetch(`https://127.0.0.1:${httpsPort}/push`, { method: 'POST', body: 'payload', headers: { 'content-type': 'text/plain' }, allowPrivateNetwork: true });
    expect(secure.status).toBe(200);
    expect(seen).toMatchObject([
      { method: 'GET', path: '/hi?x=1' },
      { method: 'POST', path: '/push', body: 'payload' },
    ]);
  });

  it('connects to the address it checked, with the URL’s own Host and TLS server name, resolving once', async () => {
    // pinned.test exists in no DNS: only the pinned address can answer. A second resolution would say 10.0.0.1.
    const answers = ['127.0.0.1', '10.0.0.1'];
    const asked: string[] = [];
    const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
      asked.push(hostname);
      return [{ address: answers.shift()!, family: 4 }];
    };
    const res = await safeFetch(`https://pinned.test:${httpsPort}/endpoint`, { resolve, allowAddress: loopbackServerIsPublic });
    expect(res).toMatchObject({ status: 200, remoteAddress: '127.0.0.1', url: `https://pinned.test:${httpsPort}/endpoint` });
    expect(asked).toEqual(['pinned.test']);
    expect(seen).toEqual([expect.objectContaining({ host: `pinned.test:${httpsPort}`, servername: 'pinned.test' })]);
  });

  it('checks every redirect again: a hop to a private address is refused and never reached', async () => {
    for (const target of ['https://10.0.0.1/inside', 'https://[::1]/inside', 'https://169.254.169.254/latest/meta-data/', `http://127.0.0.1:${httpsPort}/`]) {
      seen.length = 0;
      handler = (_req, res) => res.writeHead(302, { location: target }).end();
      expect(await refusal(safeFetch(`https://127.0.0.1:${httpsPort}/start`, { allowAddress: loopbackServerIsPublic }))).toMatchObject({ reason: 'refused' });
      expect(seen.map((s) => s.path)).toEqual(['/start']);
    }
  });

  it('follows a few allowed redirects (a POST answered 303 continues as a GET), drops credentials across origins, and stops after the cap', async () => {
    handler = (req, res) => {
      if (req.url === '/start') return void res.writeHead(303, { location: '/next' }).end();
      if (req.url === '/next') return void res.writeHead(307, { location: `https://pinned.test:${httpsPort}/last` }).end();
      if (req.url === '/loop') return void res.writeHead(302, { location: '/loop' }).end();
      res.end('done');
    };
    const resolve = async (): Promise<ResolvedAddress[]> => [{ address: '127.0.0.1', family: 4 }];
    const res = await safeFetch(`https://127.0.0.1:${httpsPort}/start`, { method: 'POST', body: 'x=1', headers: { authorization: 'Bearer keep-it-home' }, resolve, allowAddress: loopbackServerIsPublic });
    expect(res.text()).toBe('done');
    expect(res.url).toBe(`https://pinned.test:${httpsPort}/last`);
    expect(seen).toMatchObject([
      { method: 'POST', path: '/start', body: 'x=1', authorization: 'Bearer keep-it-home' },
      { method: 'GET', path: '/next', body: '', authorization: 'Bearer keep-it-home' },
      { method: 'GET', path: '/last', authorization: undefined },
    ]);

    seen.length = 0;
    expect(await refusal(safeFetch(`https://127.0.0.1:${httpsPort}/loop`, { allowAddress: loopbackServerIsPublic, maxRedirects: 2 }))).toMatchObject({ reason: 'too-many-redirects' });
    expect(seen).toHaveLength(3);
    const manual = await safeFetch(`https://127.0.0.1:${httpsPort}/loop`, { allowAddress: loopbackServerIsPublic, redirect: 'manual' });
    expect(manual).toMatchObject({ status: 302, headers: { location: '/loop' } });
  });

  it('caps the size of the answer, declared or streamed', async () => {
    handler = (_req, res) => res.writeHead(200, { 'content-length': '2048' }).end('x'.repeat(2048));
    expect(await refusal(safeFetch(`${httpUrl}/big`, { allowPrivateNetwork: true, maxBytes: 1024 }))).toMatchObject({ reason: 'too-large' });
    handler = (_req, res) => {
      res.writeHead(200);
      res.write('x'.repeat(800));
      setTimeout(() => res.end('x'.repeat(800)), 20);
    };
    expect(await refusal(safeFetch(`${httpUrl}/chunked`, { allowPrivateNetwork: true, maxBytes: 1024 }))).toMatchObject({ reason: 'too-large' });
    expect((await safeFetch(`${httpUrl}/chunked`, { allowPrivateNetwork: true, maxBytes: 4096 })).body).toHaveLength(1600);
  });

  it('caps the time of the whole exchange: a server that never answers, or answers too slowly, is a timeout', async () => {
    handler = () => undefined; // never answers
    const started = Date.now();
    expect(await refusal(safeFetch(`${httpUrl}/hang`, { allowPrivateNetwork: true, timeoutMs: 300 }))).toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2_000);
    handler = (_req, res) => {
      res.writeHead(200);
      res.write('a');
      setTimeout(() => res.end('b'), 1_000);
    };
    expect(await refusal(safeFetch(`${httpUrl}/slow-body`, { allowPrivateNetwork: true, timeoutMs: 300 }))).toMatchObject({ reason: 'timeout' });
    const hanging = async (): Promise<ResolvedAddress[]> => new Promise(() => undefined);
    expect(await refusal(safeFetch('https://slow-dns.test/', { resolve: hanging, timeoutMs: 200 }))).toMatchObject({ reason: 'timeout' });
  });

  it('reports an unreachable target as a network failure naming only the host', async () => {
    const closed = createHttpServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const failure = await refusal(safeFetch(`http://127.0.0.1:${port}/path?token=secret-in-query`, { allowPrivateNetwork: true }));
    expect(failure).toMatchObject({ reason: 'network', message: expect.stringContaining('ECONNREFUSED') });
    expect(JSON.stringify(failure)).not.toContain('secret-in-query');
  });
});
