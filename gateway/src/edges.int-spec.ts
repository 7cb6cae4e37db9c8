import { connect as netConnect } from 'node:net';
import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import { api, liveSubject, type WebhookReply, type WebhookRequest, webhookSubject } from '@jarvis/contracts';
import { Handles, type HandlerInput, NatsTransport, PassThroughRpcFilter } from '@jarvis/platform';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionUsers } from './identity/session-users';
import { type GatewayHarness, startGateway, uniqueName } from './testing/harness';

const RECORDING = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
const seen: { webhooks: WebhookRequest[]; clones: HandlerInput<typeof api.voice.cloneVoice>[]; aborted: number } = {
  webhooks: [],
  clones: [],
  aborted: 0,
};

/** Stands in for services behind the gateway's webhook, upload, binary and streamed routes. */
@Controller()
class FakeHandlers {
  @MessagePattern(webhookSubject('telephony'))
  webhook({ data }: { data: WebhookRequest }): WebhookReply {
    seen.webhooks.push(data);
    if (data.path === '/audio/clip') return { status: 200, contentType: 'audio/mpeg', body: '', bodyBase64: RECORDING.toString('base64') };
    if (data.headers['x-twilio-signature'] !== 'good') return { status: 403, contentType: 'text/plain', body: 'bad signature' };
    return { status: 200, contentType: 'text/xml', body: '<Response><Say>Hi</Say></Response>' };
  }

  @Handles(api.voice.cloneVoice)
  clone(input: HandlerInput<typeof api.voice.cloneVoice>) {
    seen.clones.push(input);
    return { status: 'processing' as const };
  }

  @Handles(api.telephony.phoneMessageRecording)
  recording() {
    return { contentType: 'audio/mpeg', base64: RECORDING.toString('base64') };
  }

  @Handles(api.chat.send)
  async send({ data, stream }: HandlerInput<typeof api.chat.send>) {
    const words = data.message === 'slow' ? Array.from({ length: 50 }, (_, i) => `w${i} `) : ['Hello', ' there', '!'];
    for (const word of words) {
      if (stream?.signal.aborted) {
        seen.aborted += 1;
        throw new Error('aborted');
      }
      stream?.write(word);
      await new Promise((r) => setTimeout(r, data.message === 'slow' ? 40 : 5));
    }
    return { reply: words.join(''), actions: [], userMessageId: 'u-1', assistantMessageId: 'a-1' };
  }

  @Handles(api.voice.analyzeImage)
  analyze({ data }: HandlerInput<typeof api.voice.analyzeImage>) {
    // Echoes the whole image back: a 5 MB request and a 5 MB reply.
    return { analysisText: data.imageData, requestId: data.requestId };
  }
}

@Module({ controllers: [FakeHandlers] })
class FakeModule {}

let gw: GatewayHarness;
let nc: NatsConnection;
let stopFake: () => Promise<void>;

beforeAll(async () => {
  gw = await startGateway('edges', { PUBLIC_URL: 'https://jarvis.example.com' });
  nc = await connect({ servers: gw.env.env.NATS_URL });
  const transport = new NatsTransport({ queue: 'fake', prefix: gw.env.natsPrefix });
  transport.useConnection(nc);
  const app = await NestFactory.createMicroservice(FakeModule, { strategy: transport, logger: false });
  app.useGlobalFilters(new PassThroughRpcFilter());
  await app.listen();
  stopFake = () => app.close();
});
afterAll(async () => {
  await stopFake?.();
  await nc?.close();
  await gw?.close();
  delete process.env.PUBLIC_URL;
});

async function signedIn(tier: 'free' | 'premium' = 'free') {
  const client = gw.client();
  await client.post('/api/register', { username: uniqueName(), password: 'secret1' });
  const me = (await client.get('/api/auth/user')).body as { id: string };
  if (tier !== 'free') {
    await gw.app.get(DataSource).query('UPDATE identity.users SET subscription_tier = $1 WHERE id = $2', [tier, me.id]);
    gw.app.get(SessionUsers).forget(me.id);
  }
  return { client, userId: me.id };
}

describe('webhook ingress', () => {
  it('forwards the raw body byte for byte, the signed headers and the public URL, and returns the reply as is', async () => {
    const body = Buffer.concat([Buffer.from('CallSid=CA1&From=%2B15551234567&'), Buffer.from([0xff, 0x00, 0xfe])]);
    const res = await fetch(`${gw.baseUrl}/webhooks/telephony/voice?attempt=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'good', host: 'evil.example.org', cookie: 'x=1' },
      body,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/xml/);
    expect(await res.text()).toBe('<Response><Say>Hi</Say></Response>');
    const forwarded = seen.webhooks.at(-1)!;
    expect(Buffer.from(forwarded.bodyBase64, 'base64').equals(body)).toBe(true);
    expect(forwarded).toMatchObject({ method: 'POST', path: '/voice', query: 'attempt=1', url: 'https://jarvis.example.com/webhooks/telephony/voice?attempt=1' });
    expect(forwarded.headers).toMatchObject({ 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'good' });
    expect(Object.keys(forwarded.headers)).not.toContain('cookie');
    expect(Object.keys(forwarded.headers)).not.toContain('host');
  });

  it('sends a binary reply byte for byte (the audio a call plays)', async () => {
    const res = await fetch(`${gw.baseUrl}/webhooks/telephony/audio/clip`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await res.arrayBuffer()).equals(RECORDING)).toBe(true);
  });

  it("passes the service's refusal through and needs neither a session nor the X-Requested-With header", async () => {
    const res = await fetch(`${gw.baseUrl}/webhooks/telephony/status`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(res.status).toBe(403);
    expect(await res.text()).toBe('bad signature');
  });

  it('answers 404 for a service that takes no webhooks and 413 above 1 MB', async () => {
    expect((await fetch(`${gw.baseUrl}/webhooks/nobody/x`, { method: 'POST', body: 'x' })).status).toBe(404);
    const before = seen.webhooks.length;
    const big = await fetch(`${gw.baseUrl}/webhooks/telephony/sms`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x'.repeat(1024 * 1024 + 10) });
    expect(big.status).toBe(413);
    expect(seen.webhooks.length).toBe(before);
  });
});

describe('body limits', () => {
  it('answers 413 for a JSON body over the endpoint limit, before the service sees it', async () => {
    const { client } = await signedIn();
    const res = await client.post('/api/chat/feedback', { messageId: 'x'.repeat(1_100_000), feedbackType: 'like' });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('delivers every 413 to the client instead of resetting the connection mid-upload', async () => {
    const body = JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' });
    const statuses: (number | string)[] = [];
    for (let i = 0; i < 20; i++) {
      for (const path of ['/api/register', '/api/chat/feedback']) {
        const res = await fetch(gw.baseUrl + path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'x' }, body }).catch(
          (error: Error) => ({ status: `lost: ${error.message}`, text: async () => '' }),
        );
        statuses.push(res.status);
        await res.text();
      }
    }
    expect(statuses.filter((s) => s !== 413)).toEqual([]);
  });

  it('delivers answers given before the body was read (413, 403, 401) when the client asked to close the connection', async () => {
    const body = Buffer.alloc(2 * 1024 * 1024, 'x');
    const statuses: (number | string)[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(await rawCall('DELETE', '/api/conversations/5d223649-9dd3-4113-bd85-ae7cb62deac5', body, { 'x-requested-with': 'x' }));
      statuses.push(await rawCall('POST', '/api/chat/feedback', body, {}));
      // A GET's body is never read: the 401 waits for it too.
      statuses.push(await rawCall('GET', '/api/reminders', body, {}));
    }
    expect(statuses).toEqual(Array.from({ length: 3 }, () => [413, 403, 401]).flat());
  });

  it('carries a 5 MB request to a service and a 5 MB reply back', async () => {
    const { client } = await signedIn();
    const image = Buffer.alloc(5 * 1024 * 1024, 7).toString('base64');
    const res = await client.post('/api/vision/analyze', { imageData: image, requestId: 'big-1' });
    expect(res.status).toBe(200);
    expect(res.body.requestId).toBe('big-1');
    expect(res.body.analysisText).toBe(image);
  });
});

describe('multipart uploads', () => {
  function samples(sizes: number[]) {
    const form = new FormData();
    sizes.forEach((size, i) => form.append(`sample${i}`, new Blob([Buffer.alloc(size, i)], { type: 'audio/webm' }), `s${i}.webm`));
    return form;
  }

  it('parses the declared file fields into the endpoint input', async () => {
    const { client } = await signedIn('premium');
    const res = await fetch(`${gw.baseUrl}/api/voice-cloning/clone`, {
      method: 'POST',
      headers: { 'X-Requested-With': 'XMLHttpRequest', Cookie: `jarvis.sid=${client.sessionCookie()}` },
      body: samples([1000, 2000, 3000]),
    });
    expect(res.status).toBe(200);
    const input = seen.clones.at(-1)!;
    expect(input.data.files.map((f) => [f.field, f.contentType, Buffer.from(f.base64, 'base64').length])).toEqual([
      ['sample0', 'audio/webm', 1000],
      ['sample1', 'audio/webm', 2000],
      ['sample2', 'audio/webm', 3000],
    ]);
  });

  it('answers 413 naming the field when a file is over its limit', async () => {
    const { client } = await signedIn('premium');
    const before = seen.clones.length;
    const res = await fetch(`${gw.baseUrl}/api/voice-cloning/clone`, {
      method: 'POST',
      headers: { 'X-Requested-With': 'XMLHttpRequest', Cookie: `jarvis.sid=${client.sessionCookie()}` },
      body: samples([1000, 11 * 1024 * 1024, 1000]),
    });
    expect(res.status).toBe(413);
    const body = (await res.json()) as { error: string; code: string; field: string };
    expect(body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'sample1' });
    expect(body.error).toMatch(/sample1 is larger than 10 MB/);
    expect(seen.clones.length).toBe(before);
  });
});

describe('binary replies', () => {
  const id = '3f1c2a9e-6b7d-4c1e-9a2b-1c2d3e4f5a6b';

  it('sends the bytes with their length and type', async () => {
    const { client } = await signedIn();
    const res = await fetch(`${gw.baseUrl}/api/phone-messages/${id}/recording`, { headers: { Cookie: `jarvis.sid=${client.sessionCookie()}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('content-length')).toBe('1000');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await res.arrayBuffer()).equals(RECORDING)).toBe(true);
  });

  it('honours Range with 206, and 416 outside the file', async () => {
    const { client } = await signedIn();
    const headers = { Cookie: `jarvis.sid=${client.sessionCookie()}`, Range: 'bytes=100-199' };
    const res = await fetch(`${gw.baseUrl}/api/phone-messages/${id}/recording`, { headers });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(Buffer.from(await res.arrayBuffer()).equals(RECORDING.subarray(100, 200))).toBe(true);
    const outside = await fetch(`${gw.baseUrl}/api/phone-messages/${id}/recording`, { headers: { ...headers, Range: 'bytes=5000-6000' } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe('bytes */1000');
  });
});

/** Reads an SSE response into its events, calling `onEvent` as each arrives. */
async function readEvents(res: Response, onEvent: (e: { event: string; data: string }) => boolean | void) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block.startsWith(':')) continue;
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
      if (onEvent({ event, data }) === false) {
        await reader.cancel();
        return;
      }
    }
  }
}

describe('streamed chat replies', () => {
  it('relays tokens as SSE, then the usual reply as done', async () => {
    const { client } = await signedIn();
    const res = await fetch(`${gw.baseUrl}/api/chat`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', 'X-Requested-With': 'XMLHttpRequest', Cookie: `jarvis.sid=${client.sessionCookie()}` },
      body: JSON.stringify({ message: 'hi' }),
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events: { event: string; data: string }[] = [];
    await readEvents(res, (e) => void events.push(e));
    expect(events.filter((e) => e.event === 'token').map((e) => JSON.parse(e.data))).toEqual(['Hello', ' there', '!']);
    expect(events.at(-1)!.event).toBe('done');
    expect(JSON.parse(events.at(-1)!.data)).toEqual({ reply: 'Hello there!', actions: [], userMessageId: 'u-1', assistantMessageId: 'a-1' });
  });

  it('answers plain JSON without the header', async () => {
    const { client } = await signedIn();
    const res = await client.post('/api/chat', { message: 'hi' });
    expect(res.status).toBe(200);
    expect(res.body.reply).toBe('Hello there!');
  });

  it('stops the service work when the client goes away', async () => {
    const { client } = await signedIn();
    const before = seen.aborted;
    const res = await fetch(`${gw.baseUrl}/api/chat`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', 'X-Requested-With': 'XMLHttpRequest', Cookie: `jarvis.sid=${client.sessionCookie()}` },
      body: JSON.stringify({ message: 'slow' }),
    });
    let tokens = 0;
    await readEvents(res, (e) => (e.event === 'token' && ++tokens >= 3 ? false : undefined));
    await expect.poll(() => seen.aborted, { timeout: 3000 }).toBe(before + 1);
  });
});

describe('live events', () => {
  it("delivers a user's own events and never another user's", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const open = (cookie: string) => {
      const controller = new AbortController();
      const events: { event: string; data: string }[] = [];
      const done = fetch(`${gw.baseUrl}/api/live`, { headers: { Cookie: `jarvis.sid=${cookie}` }, signal: controller.signal })
        .then((res) => readEvents(res, (e) => void events.push(e)))
        .catch(() => undefined);
      return { events, close: () => controller.abort(), done };
    };
    const aliceLive = open(alice.client.sessionCookie()!);
    const bobLive = open(bob.client.sessionCookie()!);
    await new Promise((r) => setTimeout(r, 300));
    const codec = JSONCodec();
    nc.publish(gw.env.natsPrefix + liveSubject(alice.userId, 'reminders'), codec.encode({ kind: 'reminders', data: { reminderId: 'r1' } }));
    await expect.poll(() => aliceLive.events.length, { timeout: 2000 }).toBe(1);
    expect(aliceLive.events[0]).toEqual({ event: 'reminders', data: JSON.stringify({ reminderId: 'r1' }) });
    await new Promise((r) => setTimeout(r, 200));
    expect(bobLive.events).toEqual([]);
    aliceLive.close();
    bobLive.close();
  });

  it('answers 401 without a session and closes the stream at logout', async () => {
    expect((await gw.client().get('/api/live')).status).toBe(401);
    const { client } = await signedIn();
    const res = await fetch(`${gw.baseUrl}/api/live`, { headers: { Cookie: `jarvis.sid=${client.sessionCookie()}` } });
    expect(res.status).toBe(200);
    let ended = false;
    const reading = readEvents(res, () => undefined).then(() => (ended = true));
    await client.post('/api/logout');
    await expect.poll(() => ended, { timeout: 2000 }).toBe(true);
    await reading;
  });
});

describe('sessions across gateway replicas', () => {
  it('ends a session on every replica at once when it is logged out on one', async () => {
    const { createGateway } = await import('./gateway');
    const second = await createGateway();
    await second.listen(0, '127.0.0.1');
    try {
      const secondUrl = `http://127.0.0.1:${(second.getHttpServer().address() as { port: number }).port}`;
      const { client } = await signedIn();
      const cookie = { Cookie: `jarvis.sid=${client.sessionCookie()}` };
      expect((await fetch(`${secondUrl}/api/auth/user`, { headers: cookie })).status).toBe(200); // now cached there
      expect((await client.post('/api/logout')).status).toBe(200);
      await expect.poll(async () => (await fetch(`${secondUrl}/api/auth/user`, { headers: cookie })).status, { timeout: 1000 }).toBe(401);
    } finally {
      await second.close();
    }
  });
});

/**
 * Writes a large body over a plain socket with `Connection: close`, the second half 100 ms after the first, and reads
 * nothing until all of it is written, like a busy client. Resolves with the status the server answered, or with what
 * went wrong when the connection ended without one: a server that closes before it read the body makes the kernel
 * reset the connection, and the reset discards the answer the client has not read yet.
 */
function rawCall(method: string, path: string, body: Buffer, headers: Record<string, string>): Promise<number | string> {
  const url = new URL(gw.baseUrl + path);
  return new Promise((resolve) => {
    const socket = netConnect(Number(url.port), url.hostname);
    socket.pause();
    let received = '';
    let failure = 'no error';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', (error: NodeJS.ErrnoException) => (failure = error.code ?? error.message));
    socket.on('close', () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1];
      resolve(status ? Number(status) : `lost (${failure})`);
    });
    const head = [`${method} ${url.pathname} HTTP/1.1`, `Host: ${url.host}`, 'Content-Type: application/json', `Content-Length: ${body.length}`, 'Connection: close'];
    for (const [name, value] of Object.entries(headers)) head.push(`${name}: ${value}`);
    socket.write(`${head.join('\r\n')}\r\n\r\n`);
    socket.write(body.subarray(0, 64 * 1024));
    setTimeout(() => socket.write(body.subarray(64 * 1024), () => setTimeout(() => socket.resume(), 100)), 100);
  });
}
