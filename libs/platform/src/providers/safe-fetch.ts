import { lookup } from 'node:dns/promises';
import { type IncomingHttpHeaders, type IncomingMessage, request as httpRequest } from 'node:http';
import { globalAgent, request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { type AddressVerdict, classifyAddress } from '../net/address-policy';

/**
 * The one way a service fetches a URL that someone other than the operator chose (a push endpoint, a one-click
 * unsubscribe link, a link in a mail): https only, every address the name resolves to must be public, the
 * connection goes to the address that was checked (so DNS cannot answer differently a moment later), each redirect
 * is checked again, and the answer is capped in size and time. Operator-configured provider base URLs use
 * `providerFetch` instead.
 */
export interface SafeFetchOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** The largest body read, in bytes (default 1 MiB); a larger answer fails with `too-large`. */
  maxBytes?: number;
  /** The whole exchange, every redirect included, in ms (default 10 s). */
  timeoutMs?: number;
  /** `follow` (default) follows up to `maxRedirects`, checking each hop; `manual` returns the 3xx itself. */
  redirect?: 'follow' | 'manual';
  maxRedirects?: number;
  /**
   * ALLOW_PRIVATE_NETWORK_TARGETS (test only): loopback and private addresses, and plain http, are allowed so that
   * loopback fakes answer. Pass the service's config value; off by default.
   */
  allowPrivateNetwork?: boolean;
  /**
   * Replaces the address policy for one call: which resolved addresses may be connected to (default: public ones,
   * or any with `allowPrivateNetwork`). For tests that need one loopback server to count as public while every other
   * private address stays refused; production code leaves it unset.
   */
  allowAddress?: (verdict: AddressVerdict) => boolean;
  /** Resolves a host name to its addresses (default: the system resolver, every answer). */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** Aborts the exchange (as a timeout does). */
  signal?: AbortSignal;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface SafeResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The URL that answered, after redirects. */
  url: string;
  /** The address the connection went to: the one that was checked. */
  remoteAddress: string;
  text(): string;
}

export type SafeFetchFailure = 'refused' | 'timeout' | 'too-large' | 'too-many-redirects' | 'network';

/** Why a safe fetch did not get an answer. The message names the host, never the path or query (they may hold tokens). */
export class SafeFetchError extends Error {
  constructor(
    readonly reason: SafeFetchFailure,
    message: string,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}

const DEFAULT_MAX_BYTES = 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Headers that must not follow a redirect to another origin. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

const systemResolve = async (hostname: string): Promise<ResolvedAddress[]> =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/** The URL's address after every check: the protocol, then every address its host resolves to. */
async function checkedTarget(url: URL, options: SafeFetchOptions): Promise<ResolvedAddress> {
  const allowPrivate = options.allowPrivateNetwork === true;
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    throw new SafeFetchError('refused', `only https addresses are fetched (${url.protocol} refused)`);
  }
  if (url.username || url.password) throw new SafeFetchError('refused', 'addresses with credentials are not fetched');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host);
    } catch {
      throw new SafeFetchError('network', `${host} could not be resolved`);
    }
  }
  if (addresses.length === 0) throw new SafeFetchError('network', `${host} could not be resolved`);
  const allowed = options.allowAddress ?? ((verdict: AddressVerdict) => verdict.public || allowPrivate);
  // Every answer, not only the first: the system may connect to any of them.
  const refused = addresses.map((a) => classifyAddress(a.address)).find((verdict) => !allowed(verdict));
  if (refused) throw new SafeFetchError('refused', `${host} is not a public address (${refused.range})`);
  return addresses[0];
}

/** One request to the checked address with the URL's own Host and TLS server name. */
function exchange(url: URL, target: ResolvedAddress, init: { method: string; headers: Record<string, string>; body?: string | Uint8Array; maxBytes: number; signal: AbortSignal }) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer; remoteAddress: string }>((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // Pinning: whatever name the socket asks for, it gets the address that was checked, never a second DNS answer.
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, [target]);
      else callback(null, target.address, target.family);
    };
    const https = url.protocol === 'https:';
    const request = (https ? httpsRequest : httpRequest)(
      {
        protocol: url.protocol,
        hostname: host,
        port: url.port || (https ? 443 : 80),
        path: url.pathname + url.search,
        method: init.method,
        headers: { ...init.headers, host: url.host, connection: 'close' },
        lookup: pinned,
        // A socket of its own each time: a pooled one would skip the lookup above.
        agent: false,
        ...(https ? { servername: isIP(host) ? undefined : host, ca: globalAgent.options.ca } : {}),
        signal: init.signal,
      },
      (response: IncomingMessage) => {
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > init.maxBytes) {
          response.destroy();
          return reject(new SafeFetchError('too-large', `${host} answered more than ${init.maxBytes} bytes`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > init.maxBytes) {
            response.destroy();
            reject(new SafeFetchError('too-large', `${host} answered more than ${init.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks), remoteAddress: response.socket?.remoteAddress ?? target.address }),
        );
        response.on('error', (error) => reject(error));
      },
    );
    request.on('error', (error) => reject(error));
    request.end(init.body);
  });
}

/** Fetches a URL someone else chose: see `SafeFetchOptions`. Throws `SafeFetchError` when it gets no answer. */
export async function safeFetch(input: string | URL, options: SafeFetchOptions = {}): Promise<SafeResponse> {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new SafeFetchError('refused', 'not a URL');
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = options.redirect === 'manual' ? 0 : (options.maxRedirects ?? DEFAULT_MAX_REDIRECTS);
  let method = (options.method ?? 'GET').toUpperCase();
  let body = options.body;
  let headers = { ...options.headers };

  // The deadline covers resolving too: a resolver that never answers is a timeout like a server that never answers.
  const untilAborted = <T>(work: Promise<T>): Promise<T> =>
    Promise.race([
      work,
      new Promise<never>((_, reject) => {
        if (signal.aborted) reject(signal.reason);
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      }),
    ]);

  try {
    for (let hop = 0; ; hop++) {
      const target = await untilAborted(checkedTarget(url, options));
      const answer = await untilAborted(exchange(url, target, { method, headers, body, maxBytes, signal }));
      const location = answer.headers.location;
      if (options.redirect === 'manual' || !REDIRECTS.has(answer.status) || !location) {
        return { ...answer, url: url.toString(), text: () => answer.body.toString('utf8') };
      }
      if (hop >= maxRedirects) throw new SafeFetchError('too-many-redirects', `more than ${maxRedirects} redirects from ${url.hostname}`);
      const next = new URL(location, url);
      if (next.origin !== url.origin) headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !CREDENTIAL_HEADERS.includes(k.toLowerCase())));
      // As browsers do: 303, and 301/302 after a POST, continue as a GET without the body.
      if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
        headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !['content-type', 'content-length', 'content-encoding'].includes(k.toLowerCase())));
      }
      url = next;
    }
  } catch (error) {
    if (error instanceof SafeFetchError) throw error;
    if (signal.aborted) {
      const timedOut = timeout.aborted;
      throw new SafeFetchError(timedOut ? 'timeout' : 'network', timedOut ? `${url.hostname} gave no answer within ${timeoutMs} ms` : `the request to ${url.hostname} was aborted`);
    }
    // Only the code (ECONNREFUSED, CERT_HAS_EXPIRED): the error itself may carry the request's headers.
    throw new SafeFetchError('network', `${url.hostname} could not be reached (${(error as NodeJS.ErrnoException).code ?? 'network error'})`);
  }
}
