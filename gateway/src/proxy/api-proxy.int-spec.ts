import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { api, NotFoundError, ValidationError } from '@jarvis/contracts';
import { Handles, type HandlerInput, NatsTransport, PassThroughRpcFilter } from '@jarvis/platform';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGateway, uniqueName } from '../testing/harness';

/** Reminder ids are uuids: the gateway answers 404 itself for a malformed one. */
const REMINDER_ID = '9b2f6a1e-4c3d-4e5f-8a7b-0c1d2e3f4a5b';
const MISSING_ID = '0e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d1c';

/** Stands in for services on a few declared subjects, to watch what the gateway forwards and returns. */
@Controller()
class FakeServiceHandlers {
  static calls: HandlerInput<typeof api.calendar.updateReminder>[] = [];

  @Handles(api.calendar.updateReminder)
  update(input: HandlerInput<typeof api.calendar.updateReminder>) {
    FakeServiceHandlers.calls.push(input);
    if (input.data.id === MISSING_ID) throw new NotFoundError('Reminder');
    if (input.data.title === 'invalid') throw new ValidationError('Title is not allowed', { title: ['Title is not allowed'] });
    return { id: input.data.id, title: input.data.title ?? 'x', when: 'now', reminder_time: null, done: input.data.done ?? false, created_at: '' };
  }

  @Handles(api.voice.toggleVoiceCloning)
  toggle({ data }: HandlerInput<typeof api.voice.toggleVoiceCloning>) {
    return { enabled: data.enabled };
  }

  /** Voice cloning as the voice service answers it; a user named 'novoice…' finds the service failing. */
  static voiceUsers = new Map<string, boolean>();

  @Handles(api.voice.voiceStatus)
  voiceStatus({ ctx }: HandlerInput<typeof api.voice.voiceStatus>) {
    if (FakeServiceHandlers.voiceUsers.get(ctx.userId) === false) throw new Error('voice is down');
    return { voiceCloningStatus: 'completed' as const, voiceCloningEnabled: true, elevenLabsVoiceId: `voice-of-${ctx.userId}` };
  }

  @Handles(api.notifications.pushTest)
  pushTest() {
    return { hasPushSubscriptions: false, result: { push: false } };
  }

  @Handles(api.chat.shared)
  shared({ ctx, data }: HandlerInput<typeof api.chat.shared>) {
    if (data.shareToken !== 'good') throw new NotFoundError('Conversation');
    return { title: `seen by ${ctx.userId ?? 'visitor'}`, description: null, created_at: '', messages: [] };
  }
}

@Module({ controllers: [FakeServiceHandlers] })
class FakeServiceModule {}

let gw: GatewayHarness;
let stopFake: () => Promise<void>;

beforeAll(async () => {
  gw = await startGateway('proxy');
  const transport = new NatsTransport({ queue: 'fake', prefix: gw.env.natsPrefix });
  const nc = await connect({ servers: gw.env.env.NATS_URL });
  transport.useConnection(nc);
  const app = await NestFactory.createMicroservice(FakeServiceModule, { strategy: transport, logger: false });
  app.useGlobalFilters(new PassThroughRpcFilter());
  await app.listen();
  stopFake = async () => {
    await app.close();
    await (nc as NatsConnection).close();
  };
});
afterAll(async () => {
  await stopFake?.();
  await gw?.close();
});

async function signedIn() {
  const client = gw.client();
  await client.post('/api/register', { username: uniqueName(), password: 'secret1' });
  return client;
}

describe('GET /api/user', () => {
  it("carries the caller's voice-cloning fields from the voice service, and none when it fails", async () => {
    const client = await signedIn();
    const me = (await client.get('/api/auth/user')).body;
    const res = await client.get('/api/user');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: me.id,
      username: me.username,
      voiceCloningStatus: 'completed',
      voiceCloningEnabled: true,
      elevenLabsVoiceId: `voice-of-${me.id}`,
    });

    const other = await signedIn();
    const them = (await other.get('/api/auth/user')).body;
    FakeServiceHandlers.voiceUsers.set(them.id, false);
    const fallback = await other.get('/api/user');
    expect(fallback.status).toBe(200);
    expect(fallback.body).toMatchObject({ id: them.id, voiceCloningStatus: null, voiceCloningEnabled: false, elevenLabsVoiceId: null });
  });
});

describe('JSON bodies', () => {
  it('reads a JSON content type with no body as a call without one (doc1: POST /api/push/test), and still refuses bad JSON', async () => {
    const client = await signedIn();
    const empty = await client.request('POST', '/api/push/test', '');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ hasPushSubscriptions: false, result: { push: false } });
    expect((await client.request('POST', '/api/push/test', '{"broken'))).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
    expect((await client.request('POST', '/api/push/test', '{"__proto__":{"x":1}}')).status).toBe(400);
  });
});

describe('forwarding to services', () => {
  it('forwards validated input with the caller context and returns the service answer', async () => {
    const client = await signedIn();
    const me = (await client.get('/api/auth/user')).body;
    const res = await client.put(`/api/reminders/${REMINDER_ID}`, { done: true, ignored: 'x' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: REMINDER_ID, done: true });
    const call = FakeServiceHandlers.calls.at(-1)!;
    expect(call.ctx).toMatchObject({ userId: me.id, tier: 'free' });
    expect(call.ctx.requestId).toBe(res.headers.get('x-request-id'));
    expect(call.data).toEqual({ id: REMINDER_ID, done: true });
  });

  it('rejects invalid input with 400 and field errors before anything reaches the service', async () => {
    const client = await signedIn();
    const before = FakeServiceHandlers.calls.length;
    const res = await client.put(`/api/reminders/${REMINDER_ID}`, { done: 'yes' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
    expect(res.body.fields.done).toBeDefined();
    expect(FakeServiceHandlers.calls.length).toBe(before);
  });

  it("maps a service's domain errors to their status and body", async () => {
    const client = await signedIn();
    const missing = await client.put(`/api/reminders/${MISSING_ID}`, { done: true });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Reminder not found', code: 'NOT_FOUND' });
    const invalid = await client.put(`/api/reminders/${REMINDER_ID}`, { title: 'invalid' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ error: 'Title is not allowed', code: 'VALIDATION', fields: { title: ['Title is not allowed'] } });
  });

  it('answers 401 for a signed-in endpoint without a session, without calling the service', async () => {
    const before = FakeServiceHandlers.calls.length;
    const res = await gw.client().put(`/api/reminders/${REMINDER_ID}`, { done: true });
    expect(res.status).toBe(401);
    expect(FakeServiceHandlers.calls.length).toBe(before);
  });

  it("answers an image question without a session with doc1's UNAUTHORIZED, and other endpoints with UNAUTHENTICATED", async () => {
    const client = gw.client();
    const image = await client.post('/api/vision/analyze', { imageData: 'aGVsbG8=', requestId: 'img-1' });
    expect(image.status).toBe(401);
    expect(image.body).toEqual({ error: 'Not signed in', code: 'UNAUTHORIZED' });
    const reminder = await client.put(`/api/reminders/${REMINDER_ID}`, { done: true });
    expect(reminder.status).toBe(401);
    expect(reminder.body).toEqual({ error: 'Not signed in', code: 'UNAUTHENTICATED' });
  });

  it('answers 402 with requiresUpgrade when the plan is too low', async () => {
    const client = await signedIn();
    const res = await client.post('/api/voice-cloning/toggle', { enabled: true });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: 'PLAN_REQUIRED', requiresUpgrade: true, requiredTier: 'premium' });
  });

  it('lets visitors call public endpoints', async () => {
    const res = await gw.client().get('/api/shared/good');
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('seen by visitor');
    expect((await gw.client().get('/api/shared/other')).status).toBe(404);
  });

  it('answers 503 when the owning service is not running, and stays up', async () => {
    const client = await signedIn();
    const res = await client.get('/api/reminders');
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
    expect(res.body.error).toMatch(/calendar service is not available/);
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });

  it('reports the stopped services in /health with 503', async () => {
    const res = await gw.client().get('/health');
    expect(res.status).toBe(503);
    expect(res.body.checks).toMatchObject({ postgres: 'ok', redis: 'ok', nats: 'ok' });
    expect(res.body.checks.services.calendar).toMatch(/down/);
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await gw.client().get('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
  });
});
