import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { api, ProviderUnavailableError, type QuotaUsage, type Tier } from '@jarvis/contracts';
import { ConfigError, Handles, type HandlerInput, NatsTransport, PassThroughRpcFilter } from '@jarvis/platform';
import { TestHttpClient } from '@jarvis/testing';
import { connect, type NatsConnection } from 'nats';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionUsers } from '../identity/session-users';
import { QuotaLimits } from './quota.config';
import { type GatewayHarness, startGateway, uniqueName } from '../testing/harness';

/** Stands in for chat, voice and billing: counts the calls that reach them. */
@Controller()
class FakeProviders {
  static calls = new Map<string, number>();
  static count(subject: string, userId: string) {
    const key = `${subject}:${userId}`;
    FakeProviders.calls.set(key, (FakeProviders.calls.get(key) ?? 0) + 1);
  }

  @Handles(api.chat.send)
  async send({ ctx, data, stream }: HandlerInput<typeof api.chat.send>) {
    FakeProviders.count('chat', ctx.userId);
    if (data.message === 'provider down') throw new ProviderUnavailableError('OpenAI', ['OPENAI_API_KEY'], 'the model did not answer');
    stream?.write('Hello');
    return { reply: 'Hello', actions: [], userMessageId: 'u', assistantMessageId: 'a' };
  }

  @Handles(api.chat.webSearch)
  async search({ ctx }: HandlerInput<typeof api.chat.webSearch>) {
    FakeProviders.count('search', ctx.userId);
    // Long enough that concurrent requests overlap at the gateway.
    await new Promise((r) => setTimeout(r, 20));
    return { text: 'found', citations: [] };
  }

  @Handles(api.voice.speak)
  speak({ ctx }: HandlerInput<typeof api.voice.speak>) {
    FakeProviders.count('speak', ctx.userId);
    return { ok: true, mime: 'audio/mpeg', audioBase64: 'AAAA' };
  }

  @Handles(api.billing.callUsage)
  callUsage({ ctx }: HandlerInput<typeof api.billing.callUsage>) {
    return { outgoingCallsThisMonth: 2, limit: ctx.tier === 'enterprise' ? ('unlimited' as const) : ctx.tier === 'premium' ? 5 : 0 };
  }
}

@Module({ controllers: [FakeProviders] })
class FakeProvidersModule {}

let gw: GatewayHarness;
/** A second gateway replica on the same database, Redis and NATS. */
let replica: NestFastifyApplication;
let replicaUrl: string;
let stopFake: () => Promise<void>;

beforeAll(async () => {
  gw = await startGateway('quota', { QUOTA_CHAT_MESSAGES_FREE: '3', QUOTA_WEB_SEARCHES_FREE: '8' });
  const { createGateway } = await import('../gateway');
  replica = await createGateway();
  await replica.listen(0, '127.0.0.1');
  replicaUrl = `http://127.0.0.1:${(replica.getHttpServer().address() as AddressInfo).port}`;
  const transport = new NatsTransport({ queue: 'fake', prefix: gw.env.natsPrefix });
  const nc = await connect({ servers: gw.env.env.NATS_URL });
  transport.useConnection(nc);
  const app = await NestFactory.createMicroservice(FakeProvidersModule, { strategy: transport, logger: false });
  app.useGlobalFilters(new PassThroughRpcFilter());
  await app.listen();
  stopFake = async () => {
    await app.close();
    await (nc as NatsConnection).close();
  };
}, 60_000);
afterAll(async () => {
  delete process.env.QUOTA_CHAT_MESSAGES_FREE;
  delete process.env.QUOTA_WEB_SEARCHES_FREE;
  await stopFake?.();
  await replica?.close();
  await gw?.close();
});

async function signedIn(tier: Tier = 'free') {
  const client = gw.client();
  const { body } = await client.post('/api/register', { username: uniqueName('quota'), password: 'secret1' });
  const userId = body.user.id as string;
  if (tier !== 'free') {
    await gw.app.get(DataSource).query(`UPDATE identity.users SET subscription_tier = $1 WHERE id = $2`, [tier, userId]);
    gw.app.get(SessionUsers).forget(userId);
  }
  return { client, userId };
}

async function quotaOf(client: TestHttpClient, kind: string): Promise<QuotaUsage> {
  const { status, body } = await client.get('/api/usage');
  expect(status).toBe(200);
  return (body.quotas as QuotaUsage[]).find((q) => q.kind === kind)!;
}

const calls = (subject: string, userId: string) => FakeProviders.calls.get(`${subject}:${userId}`) ?? 0;

describe('daily quotas at the gateway', () => {
  it('lets a free user spend the quota, then answers 429 QUOTA_EXCEEDED with Retry-After and calls nothing', async () => {
    const { client, userId } = await signedIn();
    for (let i = 0; i < 3; i++) expect((await client.post('/api/chat', { message: `hi ${i}` })).status).toBe(200);

    const refused = await client.post('/api/chat', { message: 'one more' });
    expect(refused.status).toBe(429);
    expect(Object.keys(refused.body).sort()).toEqual(['code', 'error', 'kind', 'limit', 'requiresUpgrade', 'resetsAt']);
    expect(refused.body).toMatchObject({ code: 'QUOTA_EXCEEDED', kind: 'chat_messages', limit: 3, requiresUpgrade: true });
    expect(refused.body.error).toMatch(/Daily limit reached for chat messages/);
    const secondsToReset = (Date.parse(refused.body.resetsAt) - Date.now()) / 1000;
    expect(secondsToReset).toBeGreaterThan(0);
    expect(secondsToReset).toBeLessThanOrEqual(25 * 3600);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Math.abs(retryAfter - secondsToReset)).toBeLessThanOrEqual(2);

    expect(calls('chat', userId)).toBe(3);
    expect(await quotaOf(client, 'chat_messages')).toMatchObject({ used: 3, limit: 3 });
    // A streamed send is the same call: refused before the stream opens.
    const streamed = await client.request('POST', '/api/chat', { message: 'streamed' }, { Accept: 'text/event-stream' });
    expect(streamed.status).toBe(429);
  });

  it('counts a streamed chat message like any other', async () => {
    const { client } = await signedIn();
    const streamed = await client.request('POST', '/api/chat', { message: 'stream me' }, { Accept: 'text/event-stream' });
    expect(streamed.status).toBe(200);
    expect(streamed.text).toContain('event: done');
    expect(await quotaOf(client, 'chat_messages')).toMatchObject({ used: 1 });
  });

  it('never lets two replicas take more than is left: 20 concurrent searches with 5 left, exactly 5 pass', async () => {
    const { client, userId } = await signedIn();
    for (let i = 0; i < 3; i++) expect((await client.post('/api/perplexity/search', { query: `q${i}` })).status).toBe(200);
    const other = new TestHttpClient(replicaUrl);
    other.setCookie('jarvis.sid', client.sessionCookie()!);

    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? other : client).post('/api/perplexity/search', { query: `burst ${i}` })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect(calls('search', userId)).toBe(8);
    expect(await quotaOf(client, 'web_searches')).toMatchObject({ used: 8, limit: 8 });
  });

  it('takes the limit from QUOTA_<KIND>_<TIER> and the defaults elsewhere', async () => {
    const { client } = await signedIn();
    expect(await quotaOf(client, 'chat_messages')).toMatchObject({ limit: 3 });
    expect(await quotaOf(client, 'speech_characters')).toMatchObject({ limit: 5_000, unit: 'characters' });
    const premium = await signedIn('premium');
    expect(await quotaOf(premium.client, 'chat_messages')).toMatchObject({ limit: 1_000 });
  });

  it('refuses a bad QUOTA_ variable at start, naming it', () => {
    expect(() => QuotaLimits.fromEnv({ QUOTA_CHAT_MESSAGES_FREE: 'lots' })).toThrow(ConfigError);
    expect(() => QuotaLimits.fromEnv({ QUOTA_CHAT_MESSAGES_FREE: 'lots' })).toThrow(/QUOTA_CHAT_MESSAGES_FREE/);
    expect(QuotaLimits.fromEnv({ QUOTA_CHAT_MESSAGES_ENTERPRISE: '100', QUOTA_VOICE_CLONES_FREE: 'Unlimited' }).limit('chat_messages', 'enterprise')).toBe(100);
  });

  it('gives enterprise no limit, and still counts its use', async () => {
    const { client, userId } = await signedIn('enterprise');
    for (let i = 0; i < 6; i++) expect((await client.post('/api/chat', { message: `hi ${i}` })).status).toBe(200);
    expect(calls('chat', userId)).toBe(6);
    expect(await quotaOf(client, 'chat_messages')).toMatchObject({ used: 6, limit: 'unlimited' });
  });

  it('counts nothing for a call refused by validation, by sign-in or by plan', async () => {
    const { client } = await signedIn();
    expect((await client.post('/api/chat', { message: '' })).status).toBe(400);
    expect((await client.post('/api/speak', { text: 'x'.repeat(5_000) })).status).toBe(400);
    expect((await client.post('/api/proactive-call/spam-block', { phoneNumber: '+15555550100', reason: 'spam' })).status).toBe(402);
    expect((await gw.client().post('/api/chat', { message: 'visitor' })).status).toBe(401);
    expect(await quotaOf(client, 'chat_messages')).toMatchObject({ used: 0 });
    expect(await quotaOf(client, 'speech_characters')).toMatchObject({ used: 0 });
    expect(await quotaOf(client, 'outgoing_calls')).toMatchObject({ used: 0, limit: 0 });
  });

  it('gives the units back when the provider fails', async () => {
    const { client, userId } = await signedIn();
    const failed = await client.post('/api/chat', { message: 'provider down' });
    expect(failed.status).toBe(503);
    const failedStream = await client.request('POST', '/api/chat', { message: 'provider down' }, { Accept: 'text/event-stream' });
    expect(failedStream.text).toContain('event: error');
    expect(calls('chat', userId)).toBe(2);
    expect(await quotaOf(client, 'chat_messages')).toMatchObject({ used: 0 });
  });

  it('charges speech by its characters and refuses a text longer than what is left', async () => {
    const { client } = await signedIn();
    expect((await client.post('/api/speak', { text: '  Hello world  ' })).status).toBe(200);
    expect(await quotaOf(client, 'speech_characters')).toMatchObject({ used: 11 });
    expect((await client.post('/api/speak', { text: 'y'.repeat(4_000) })).status).toBe(200);
    const refused = await client.post('/api/speak', { text: 'z'.repeat(1_000) });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ kind: 'speech_characters', limit: 5_000 });
    expect(refused.body.error).toMatch(/needs 1000 characters and 989/);
    expect(await quotaOf(client, 'speech_characters')).toMatchObject({ used: 4_011 });
  });
});

describe('GET /api/usage', () => {
  it("answers billing's outgoing calls as before and today's use of every quota", async () => {
    const { client } = await signedIn('premium');
    await client.post('/api/chat', { message: 'hello' });
    const { status, body } = await client.get('/api/usage');
    expect(status).toBe(200);
    expect(body).toMatchObject({ outgoingCallsThisMonth: 2, limit: 5 });
    const chat = body.quotas.find((q: QuotaUsage) => q.kind === 'chat_messages');
    expect(chat).toEqual({ kind: 'chat_messages', unit: 'messages', label: 'Chat messages', used: 1, limit: 1_000, resetsAt: expect.any(String) });
    expect(new Date(chat.resetsAt).getTime()).toBeGreaterThan(Date.now());
    expect(body.quotas.map((q: QuotaUsage) => q.kind)).toEqual([
      'chat_messages', 'speech_characters', 'audio_seconds', 'translation_characters', 'web_searches', 'image_analyses',
      'weather_requests', 'event_searches', 'persona_requests', 'voice_clones', 'outgoing_calls',
    ]);
  });

  it('is for signed-in users only', async () => {
    expect((await gw.client().get('/api/usage')).status).toBe(401);
  });
});

describe('a bad QUOTA_ variable', () => {
  it('stops the gateway before it starts, naming the variable', async () => {
    const { createGateway } = await import('../gateway');
    process.env.QUOTA_SPEECH_CHARACTERS_PREMIUM = '-5';
    try {
      await expect(createGateway()).rejects.toThrow(/QUOTA_SPEECH_CHARACTERS_PREMIUM: must be a whole number of units a day, or 'unlimited'/);
    } finally {
      delete process.env.QUOTA_SPEECH_CHARACTERS_PREMIUM;
    }
  });
});
