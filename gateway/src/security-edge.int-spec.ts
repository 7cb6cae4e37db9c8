import { request as httpRequest } from 'node:http';
import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import { api, healthSubject, type HealthReply, type WebhookReply, type WebhookRequest, webhookSubject } from '@jarvis/contracts';
import { Handles, type HandlerInput, NatsTransport, PassThroughRpcFilter } from '@jarvis/platform';
import { connect, type NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionUsers } from './identity/session-users';
import { type GatewayHarness, startGateway, uniqueName } from './testing/harness';

/** What the fake services behind the gateway were asked. */
const seen = {
  contacts: [] as HandlerInput<typeof api.telephony.createContact>[],
  contactUpdates: [] as HandlerInput<typeof api.telephony.updateContact>[],
  contactDeletes: 0,
  events: [] as HandlerInput<typeof api.chat.searchEvents>[],
  pushTests: 0,
  clones: 0,
  webhooks: [] as WebhookRequest[],
  chatHealthChecks: 0,
};
/** What the fake chat service answers to its health check (a degraded one carries an error text). */
let chatHealth: HealthReply = { service: 'chat', status: 'ok', checks: { postgres: 'ok' }, uptimeSeconds: 1, pid: 1 };

@Controller()
class FakeServices {
  @Handles(api.telephony.createContact)
  createContact(input: HandlerInput<typeof api.telephony.createContact>) {
    seen.contacts.push(input);
    return { id: '3f1c2a9e-6b7d-4c1e-9a2b-1c2d3e4f5a6b', ...input.data };
  }

  @Handles(api.telephony.updateContact)
  updateContact(input: HandlerInput<typeof api.telephony.updateContact>) {
    seen.contactUpdates.push(input);
    return { ...input.data };
  }

  @Handles(api.telephony.deleteContact)
  deleteContact() {
    seen.contactDeletes += 1;
    return { success: true as const };
  }

  @Handles(api.chat.searchEvents)
  searchEvents(input: HandlerInput<typeof api.chat.searchEvents>) {
    seen.events.push(input);
    return [];
  }

  @Handles(api.notifications.pushTest)
  pushTest() {
    seen.pushTests += 1;
    return { hasPushSubscriptions: false, result: { push: false } };
  }

  @Handles(api.voice.cloneVoice)
  clone() {
    seen.clones += 1;
    return { status: 'processing' as const };
  }

  @Handles(api.chat.send)
  send({ stream }: HandlerInput<typeof api.chat.send>) {
    stream?.write('Hi');
    return { reply: 'Hi', actions: [], userMessageId: 'u-1', assistantMessageId: 'a-1' };
  }

  @MessagePattern(webhookSubject('telephony'))
  webhook({ data }: { data: WebhookRequest }): WebhookReply {
    seen.webhooks.push(data);
    return { status: 200, contentType: 'text/xml', body: '<Response/>' };
  }

  @MessagePattern(healthSubject('chat'))
  health(): HealthReply {
    seen.chatHealthChecks += 1;
    return chatHealth;
  }
}

@Module({ controllers: [FakeServices] })
class FakeModule {}

let gw: GatewayHarness;
let nc: NatsConnection;
let stopFake: () => Promise<void>;
/** A signed-in free user's session cookie and a premium user's. */
let cookie: string;
let premiumCookie: string;

beforeAll(async () => {
  gw = await startGateway('security-edge', { PUBLIC_URL: 'https://jarvis.example.com' });
  nc = await connect({ servers: gw.env.env.NATS_URL });
  const transport = new NatsTransport({ queue: 'fake', prefix: gw.env.natsPrefix });
  transport.useConnection(nc);
  const app = await NestFactory.createMicroservice(FakeModule, { strategy: transport, logger: false });
  app.useGlobalFilters(new PassThroughRpcFilter());
  await app.listen();
  stopFake = () => app.close();
  cookie = `jarvis.sid=${await signIn()}`;
  premiumCookie = `jarvis.sid=${await signIn('premium')}`;
});
afterAll(async () => {
  await stopFake?.();
  await nc?.close();
  await gw?.close();
  delete process.env.PUBLIC_URL;
});

async function signIn(tier: 'free' | 'premium' = 'free') {
  const client = gw.client();
  expect((await client.post('/api/register', { username: uniqueName(), password: 'secret1' })).status).toBe(201);
  if (tier !== 'free') {
    const me = (await client.get('/api/auth/user')).body as { id: string };
    await gw.app.get(DataSource).query('UPDATE identity.users SET subscription_tier = $1 WHERE id = $2', [tier, me.id]);
    gw.app.get(SessionUsers).forget(me.id);
  }
  return client.sessionCookie()!;
}

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  body: any;
}

/**
 * Sends the request exactly as written (no URL normalisation, unlike fetch), as a hand-made page or a script would.
 * Only the headers given are sent, besides Host and Content-Length.
 */
function raw(method: string, path: string, options: { body?: string | Buffer; headers?: Record<string, string> } = {}): Promise<RawAnswer> {
  const url = new URL(gw.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, method, path, headers: { ...options.headers, ...(options.body !== undefined ? { 'Content-Length': String(Buffer.byteLength(options.body)) } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let body: unknown;
          try {
            body = JSON.parse(text);
          } catch {
            body = undefined;
          }
          resolve({ status: res.statusCode!, headers: res.headers, text, body });
        });
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

const AJAX = { 'X-Requested-With': 'XMLHttpRequest' };
const CONTACT_QUERY = 'name=Mallory&phone_number=%2B15551234567';

describe('forged writes: the X-Requested-With rule holds for every spelling of a path', () => {
  it('refuses POST /%61pi/contacts with a text/plain body and no X-Requested-With, and no contact is created', async () => {
    const before = seen.contacts.length;
    const res = await raw('POST', `/%61pi/contacts?${CONTACT_QUERY}`, { body: 'hello', headers: { 'Content-Type': 'text/plain', Cookie: cookie } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'Missing X-Requested-With header', code: 'CSRF' });
    expect(seen.contacts.length).toBe(before);
  });

  it.each([
    ['an encoded letter later in the path', `/api/%63ontacts?${CONTACT_QUERY}`],
    ['upper case', `/API/contacts?${CONTACT_QUERY}`],
    ['upper case in the /api prefix only', `/Api/contacts?${CONTACT_QUERY}`],
    ['a doubled slash', `//api/contacts?${CONTACT_QUERY}`],
    ['a doubled slash inside', `/api//contacts?${CONTACT_QUERY}`],
    ['a dot segment', `/x/../api/contacts?${CONTACT_QUERY}`],
    ['an encoded dot segment', `/x/%2e%2e/api/contacts?${CONTACT_QUERY}`],
    ['a single-dot segment', `/./api/contacts?${CONTACT_QUERY}`],
    ['the absolute form of the request target', `http://jarvis.example.com/api/contacts?${CONTACT_QUERY}`],
    ['an upper-case /WEBHOOKS prefix', `/WEBHOOKS/telephony/../../api/contacts?${CONTACT_QUERY}`],
    ['a trailing slash', `/api/contacts/?${CONTACT_QUERY}`],
  ])('refuses a cross-site form POST spelled with %s', async (_name, path) => {
    const before = seen.contacts.length;
    const res = await raw('POST', path, { body: 'name=Mallory', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'CSRF' });
    expect(seen.contacts.length).toBe(before);
  });

  it('lets an encoded /webhooks spelling reach only the webhook ingress, never an /api route', async () => {
    const before = { contacts: seen.contacts.length, webhooks: seen.webhooks.length };
    const res = await raw('POST', `/%77ebhooks/telephony/../../api/contacts?${CONTACT_QUERY}`, { body: 'x', headers: { 'Content-Type': 'text/plain', Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(res.text).toBe('<Response/>');
    expect(seen.webhooks.length).toBe(before.webhooks + 1);
    expect(seen.contacts.length).toBe(before.contacts);
  });

  it('refuses every state-changing method without the header (PUT, PATCH, DELETE) and answers unknown paths the same', async () => {
    const id = '3f1c2a9e-6b7d-4c1e-9a2b-1c2d3e4f5a6b';
    expect((await raw('PUT', `/%61pi/contacts/${id}`, { body: '{}', headers: { 'Content-Type': 'application/json', Cookie: cookie } })).status).toBe(403);
    expect((await raw('DELETE', `/%61pi/contacts/${id}`, { headers: { Cookie: cookie } })).status).toBe(403);
    expect((await raw('PATCH', '/nowhere', { body: 'x', headers: { 'Content-Type': 'text/plain' } })).status).toBe(403);
    expect(seen.contactUpdates.length + seen.contactDeletes).toBe(0);
  });

  it("applies to the gateway's own routes: a forged sign-in or logout is refused", async () => {
    const register = await raw('POST', '/%61pi/register', { body: JSON.stringify({ username: uniqueName(), password: 'secret1' }), headers: { 'Content-Type': 'text/plain' } });
    expect(register.status).toBe(403);
    const victim = `jarvis.sid=${await signIn()}`;
    const logout = await raw('POST', '/%61pi/logout', { headers: { Cookie: victim } });
    expect(logout.status).toBe(403);
    expect((await raw('GET', '/api/auth/user', { headers: { Cookie: victim } })).status).toBe(200);
    // Google's sign-in routes answer GET only: a forged form post to them is refused like any other.
    const google = await raw('POST', '/%61pi/auth/google/callback?code=x&state=y', { body: 'code=x', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(google.status).toBe(403);
  });

  it('keeps webhooks free of the header and GET, HEAD and OPTIONS free of it everywhere', async () => {
    expect((await raw('POST', '/webhooks/telephony/voice', { body: 'CallSid=1', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })).status).toBe(200);
    expect((await raw('GET', '/api/auth/user', { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await raw('HEAD', '/api/auth/user', { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await raw('OPTIONS', '/api/contacts')).status).not.toBe(403);
  });
});

describe('forged writes: a state-changing /api call sends JSON (or multipart to an upload endpoint)', () => {
  const unsupported = { code: 'UNSUPPORTED_MEDIA_TYPE' };

  it('answers 415 with {error, code} to a text/plain body, even with the header, and creates nothing', async () => {
    const before = seen.contacts.length;
    const res = await raw('POST', `/api/contacts?${CONTACT_QUERY}`, { body: 'hello', headers: { ...AJAX, 'Content-Type': 'text/plain', Cookie: cookie } });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject(unsupported);
    expect(typeof res.body.error).toBe('string');
    expect(seen.contacts.length).toBe(before);
  });

  it('answers 415 to a multipart body on an endpoint that takes JSON, and to a form-encoded one', async () => {
    const before = seen.contacts.length;
    const form = new FormData();
    form.append('name', 'Mallory');
    form.append('phone_number', '+15551234567');
    const multipart = await fetch(`${gw.baseUrl}/api/contacts?${CONTACT_QUERY}`, { method: 'POST', headers: { ...AJAX, Cookie: cookie }, body: form });
    expect(multipart.status).toBe(415);
    expect(await multipart.json()).toMatchObject(unsupported);
    const urlencoded = await raw('POST', `/api/contacts?${CONTACT_QUERY}`, { body: 'name=Mallory', headers: { ...AJAX, 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie } });
    expect(urlencoded.status).toBe(415);
    expect(urlencoded.body).toMatchObject(unsupported);
    expect(seen.contacts.length).toBe(before);
  });

  it('answers 415 on PUT and DELETE, and on the gateway-owned routes, to a body that is not JSON', async () => {
    const id = '3f1c2a9e-6b7d-4c1e-9a2b-1c2d3e4f5a6b';
    expect((await raw('PUT', `/api/contacts/${id}`, { body: 'x', headers: { ...AJAX, 'Content-Type': 'text/plain', Cookie: cookie } })).status).toBe(415);
    expect((await raw('DELETE', `/api/contacts/${id}`, { body: 'x', headers: { ...AJAX, 'Content-Type': 'text/plain', Cookie: cookie } })).status).toBe(415);
    const register = await raw('POST', '/api/register', { body: JSON.stringify({ username: uniqueName(), password: 'secret1' }), headers: { ...AJAX, 'Content-Type': 'text/plain' } });
    expect(register.status).toBe(415);
    expect(register.body).toMatchObject(unsupported);
    expect(seen.contactUpdates.length + seen.contactDeletes).toBe(0);
  });

  it('answers 415 to JSON on the upload endpoint and takes multipart there', async () => {
    const json = await raw('POST', '/api/voice-cloning/clone', { body: '{}', headers: { ...AJAX, 'Content-Type': 'application/json', Cookie: premiumCookie } });
    expect(json.status).toBe(415);
    expect(json.body).toMatchObject(unsupported);
    const form = new FormData();
    for (let i = 0; i < 3; i++) form.append(`sample${i}`, new Blob([Buffer.alloc(100, i)], { type: 'audio/webm' }), `s${i}.webm`);
    const before = seen.clones;
    const upload = await fetch(`${gw.baseUrl}/api/voice-cloning/clone`, { method: 'POST', headers: { ...AJAX, Cookie: premiumCookie }, body: form });
    expect(upload.status).toBe(200);
    expect(seen.clones).toBe(before + 1);
  });

  it('accepts a POST with no body and no content type, and a JSON content type with no body', async () => {
    const before = seen.pushTests;
    expect((await raw('POST', '/api/push/test', { headers: { ...AJAX, Cookie: cookie } })).status).toBe(200);
    expect((await raw('POST', '/api/push/test', { headers: { ...AJAX, 'Content-Type': 'application/json', Cookie: cookie } })).status).toBe(200);
    expect((await raw('POST', '/api/push/test', { body: '', headers: { ...AJAX, 'Content-Type': 'application/json; charset=utf-8', Cookie: cookie } })).status).toBe(200);
    expect(seen.pushTests).toBe(before + 3);
  });
});

describe('forged writes: no endpoint takes its body fields from the query string', () => {
  it('does not create a contact whose fields are only in the query string', async () => {
    const before = seen.contacts.length;
    const res = await raw('POST', `/api/contacts?${CONTACT_QUERY}`, { body: '{}', headers: { ...AJAX, 'Content-Type': 'application/json', Cookie: cookie } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION' });
    expect(seen.contacts.length).toBe(before);
  });

  it('takes the body fields from the body only, whatever the query adds', async () => {
    const res = await raw('POST', '/api/contacts?notes=injected&email=evil%40example.com', {
      body: JSON.stringify({ name: 'Ada', phone_number: '+15551234567' }),
      headers: { ...AJAX, 'Content-Type': 'application/json', Cookie: cookie },
    });
    expect(res.status).toBe(201);
    expect(seen.contacts.at(-1)!.data).toMatchObject({ name: 'Ada', notes: null, email: null });
  });

  it('takes path parameters from the path, not from the body or the query', async () => {
    const id = '3f1c2a9e-6b7d-4c1e-9a2b-1c2d3e4f5a6b';
    const res = await raw('PUT', `/api/contacts/${id}?id=5d223649-9dd3-4113-bd85-ae7cb62deac5`, {
      body: JSON.stringify({ id: '5d223649-9dd3-4113-bd85-ae7cb62deac5', name: 'Ada', phone_number: '+15551234567' }),
      headers: { ...AJAX, 'Content-Type': 'application/json', Cookie: cookie },
    });
    expect(res.status).toBe(200);
    expect(seen.contactUpdates.at(-1)!.data.id).toBe(id);
  });

  it('still reads a GET request from its query string', async () => {
    const res = await raw('GET', '/api/events/search?keyword=jazz&location=Boston', { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(seen.events.at(-1)!.data).toMatchObject({ keyword: 'jazz', location: 'Boston' });
  });
});

describe('security headers', () => {
  function expectSecurityHeaders(what: string, headers: Record<string, string | string[] | undefined>, { hsts = true } = {}) {
    const csp = String(headers['content-security-policy'] ?? '');
    for (const directive of ["default-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"]) {
      expect(csp, `${what}: ${directive}`).toContain(directive);
    }
    expect(csp, `${what}: no script from anywhere else`).toMatch(/script-src 'self'(;|$)/);
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
    const permissions = String(headers['permissions-policy'] ?? '');
    for (const feature of ['microphone=(self)', 'camera=(self)', 'geolocation=(self)']) expect(permissions, `${what}: ${feature}`).toContain(feature);
    if (hsts) expect(headers['strict-transport-security'], what).toMatch(/^max-age=\d{7,}/);
    else expect(headers['strict-transport-security'], what).toBeUndefined();
  }

  it('sends them with the app, its static files and the SPA fallback', async () => {
    for (const path of ['/', '/settings', '/favicon.svg', '/sw.js']) {
      const res = await raw('GET', path);
      expect(res.status, path).toBe(200);
      expectSecurityHeaders(path, res.headers);
    }
  });

  it('sends them with /api answers, errors of every kind and /health', async () => {
    const answers: [string, RawAnswer][] = [
      ['GET /api/auth/user', await raw('GET', '/api/auth/user', { headers: { Cookie: cookie } })],
      ['GET /api/events/search', await raw('GET', '/api/events/search?keyword=x', { headers: { Cookie: cookie } })],
      ['401', await raw('GET', '/api/contacts')],
      ['404', await raw('GET', '/api/does-not-exist')],
      ['403', await raw('POST', '/api/contacts', { body: '{}', headers: { 'Content-Type': 'application/json' } })],
      ['415', await raw('POST', '/api/contacts', { body: 'x', headers: { ...AJAX, 'Content-Type': 'text/plain' } })],
      ['400 bad JSON', await raw('POST', '/api/register', { body: '{"a":', headers: { ...AJAX, 'Content-Type': 'application/json' } })],
      ['413', await raw('POST', '/api/contacts', { body: JSON.stringify({ name: 'x'.repeat(1_100_000) }), headers: { ...AJAX, 'Content-Type': 'application/json', Cookie: cookie } })],
      ['/health', await raw('GET', '/health')],
      ['webhook', await raw('POST', '/webhooks/telephony/voice', { body: 'a=1', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })],
      ['unknown webhook service', await raw('POST', '/webhooks/nobody/x', { body: 'a=1', headers: { 'Content-Type': 'text/plain' } })],
    ];
    expect(answers.map(([what, res]) => `${what} ${res.status}`)).toEqual([
      'GET /api/auth/user 200',
      'GET /api/events/search 200',
      '401 401',
      '404 404',
      '403 403',
      '415 415',
      '400 bad JSON 400',
      '413 413',
      `/health ${answers[8][1].status === 200 ? 200 : 503}`,
      'webhook 200',
      'unknown webhook service 404',
    ]);
    for (const [what, res] of answers) expectSecurityHeaders(what, res.headers);
  });

  it('sends them with a streamed (SSE) reply', async () => {
    const res = await fetch(`${gw.baseUrl}/api/chat`, {
      method: 'POST',
      headers: { ...AJAX, 'Content-Type': 'application/json', Accept: 'text/event-stream', Cookie: cookie },
      body: JSON.stringify({ message: 'hi' }),
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await res.text();
    expectSecurityHeaders('SSE', Object.fromEntries(res.headers));
    // Each header once (a name sent twice arrives joined with a comma).
    expect(res.headers.get('x-request-id')).not.toContain(',');
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  });

  it('leaves HSTS out when PUBLIC_URL is plain http', async () => {
    process.env.PUBLIC_URL = 'http://localhost:3000';
    const { createGateway } = await import('./gateway');
    const plain = await createGateway();
    try {
      await plain.listen(0, '127.0.0.1');
      const port = (plain.getHttpServer().address() as { port: number }).port;
      for (const path of ['/', '/api/auth/user']) {
        const res = await fetch(`http://127.0.0.1:${port}${path}`);
        expectSecurityHeaders(`http ${path}`, Object.fromEntries(res.headers), { hsts: false });
      }
    } finally {
      await plain.close();
      process.env.PUBLIC_URL = 'https://jarvis.example.com';
    }
  });
});

describe('/health', () => {
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('answers {status, checks} with only ok or down, never an error text', async () => {
    chatHealth = { service: 'chat', status: 'degraded', checks: { postgres: 'down: password authentication failed for user "jarvis"' }, uptimeSeconds: 1, pid: 1 };
    await wait(1_100);
    const res = await raw('GET', '/health');
    // The other services are not running here: the system is down.
    expect(res.status).toBe(503);
    expect(Object.keys(res.body).sort()).toEqual(['checks', 'status']);
    expect(res.body.status).toBe('degraded');
    const { services, ...infrastructure } = res.body.checks;
    expect(infrastructure).toEqual({ postgres: 'ok', redis: 'ok', nats: 'ok' });
    expect(services.chat).toBe('down');
    for (const value of Object.values(services)) expect(['ok', 'down']).toContain(value);
    expect(res.text).not.toMatch(/password|timed out|no responders|jarvis"/i);
    chatHealth = { ...chatHealth, status: 'ok', checks: { postgres: 'ok' } };
    await wait(1_100);
    expect((await raw('GET', '/health')).body.checks.services.chat).toBe('ok');
  });

  it('shares one computation among concurrent callers and computes at most once a second', async () => {
    await wait(1_100);
    const before = seen.chatHealthChecks;
    const answers = await Promise.all(Array.from({ length: 30 }, () => raw('GET', '/health')));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(seen.chatHealthChecks).toBe(before + 1);

    const start = seen.chatHealthChecks;
    const startedAt = Date.now();
    let asked = 0;
    while (Date.now() - startedAt < 2_500) {
      await raw('GET', '/health');
      asked += 1;
      await wait(25);
    }
    expect(asked).toBeGreaterThan(20);
    // Asked for 2.5 s (the first window was already open): at most one new computation a second.
    expect(seen.chatHealthChecks - start).toBeLessThanOrEqual(3);
  });
});
