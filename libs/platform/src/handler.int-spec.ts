import { randomUUID } from 'node:crypto';
import { Controller, Module } from '@nestjs/common';
import { DomainError, endpoint, internal, type RequestContext, returns, rowId } from '@jarvis/contracts';
import { createTestEnv, startNatsService, type TestEnv } from '@jarvis/testing';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Handles, type HandlerInput, handledSubjects } from './handler';
import { RpcClient } from './nats/rpc-client';

const rename = endpoint({
  method: 'PUT', path: '/api/probe-items/:id', service: 'chat', subject: 'probe.items.rename', access: 'user', streams: true,
  request: z.object({
    id: rowId(),
    title: z.string().trim().min(1, 'Title is required').max(20, 'Title is too long'),
    copies: z.number().int().min(1).default(3),
  }),
  response: returns<{ userId: string; data: { id: string; title: string; copies: number } }>(),
});
const shared = endpoint({
  method: 'GET', path: '/api/probe-shared/:token', service: 'chat', subject: 'probe.items.shared', access: 'public',
  request: z.object({ token: z.string().max(20) }),
  response: returns<{ userId: string | null; token: string }>(),
});
const premiumOnly = endpoint({
  method: 'GET', path: '/api/probe-premium', service: 'chat', subject: 'probe.items.premium', access: { minTier: 'premium' },
  request: z.object({}), response: returns<{ userId: string }>(),
});
const ensure = internal({
  subject: 'probe.links.ensure', service: 'calendar',
  request: z.object({ label: z.string().min(2, 'label is too short').default('home') }),
  response: returns<{ userId: string; label: string }>(),
});
const deliver = internal({
  subject: 'probe.sms.deliver', service: 'telephony', access: 'service',
  request: z.object({ userId: rowId(), body: z.string().min(1) }),
  response: returns<{ callerUserId: string | null; userId: string }>(),
});

/** How often a handler body ran: a refused call must never reach it. */
const ran = new Map<string, number>();
const count = (subject: string) => ran.set(subject, (ran.get(subject) ?? 0) + 1);

@Controller()
class ProbeHandler {
  @Handles(rename)
  rename({ userId, ctx, data, stream }: HandlerInput<typeof rename>) {
    count(rename.subject);
    stream?.write(data.title);
    // Compiles only because a signed-in declaration's user is a string, on ctx as on the input.
    const owner: string = ctx.userId;
    return { userId: owner === userId ? userId : 'mismatch', data };
  }

  @Handles(shared)
  shared({ userId, data }: HandlerInput<typeof shared>) {
    count(shared.subject);
    return { userId, token: data.token };
  }

  @Handles(premiumOnly)
  premium({ userId }: HandlerInput<typeof premiumOnly>) {
    return { userId };
  }

  @Handles(ensure)
  ensure({ userId, data }: HandlerInput<typeof ensure>) {
    count(ensure.subject);
    return { userId, label: data.label };
  }

  @Handles(deliver)
  deliver({ userId, data }: HandlerInput<typeof deliver>) {
    return { callerUserId: userId, userId: data.userId };
  }
}

@Module({ controllers: [ProbeHandler] })
class ProbeModule {}

let env: TestEnv;
let nc: NatsConnection;
let rpc: RpcClient;
let close: () => Promise<void>;
const as = (userId: string | null): RequestContext => ({ userId, tier: 'free', requestId: `test-${randomUUID()}` });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('succeeded but a failure was expected');
    },
    (error: unknown) => error as DomainError,
  );

beforeAll(async () => {
  env = await createTestEnv('handler');
  ({ close } = await startNatsService(ProbeModule, { natsUrl: env.env.NATS_URL, prefix: env.natsPrefix }));
  nc = await connect({ servers: env.env.NATS_URL });
  rpc = new RpcClient(nc, env.natsPrefix);
});
afterAll(async () => {
  await close?.();
  await nc?.close();
  await env?.dispose();
});

describe('@Handles(declaration)', () => {
  it('gives the handler the input parsed by the declaration (trimmed, defaults applied) and the caller as userId', async () => {
    const [userId, id] = [randomUUID(), randomUUID()];
    // Sent as another service would, unparsed: the handler's decorator parses it.
    const reply = await rpc.call(rename, { id, title: '  Groceries  ' }, as(userId));
    expect(reply).toEqual({ userId, data: { id, title: 'Groceries', copies: 3 } });
  });

  it('answers input the schema refuses with VALIDATION and every field error, without running the handler', async () => {
    const before = ran.get(rename.subject) ?? 0;
    const error = await failure(rpc.call(rename, { id: randomUUID(), title: '   ', copies: 0 }, as(randomUUID())));
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: 'VALIDATION', code: 'VALIDATION', message: 'Title is required' });
    expect(error.details).toEqual({ fields: { title: ['Title is required'], copies: [expect.any(String)] } });
    expect(ran.get(rename.subject) ?? 0).toBe(before);
  });

  it('answers a malformed path id with NOT_FOUND, as the gateway does, never a 400 that reveals what ids look like', async () => {
    const error = await failure(rpc.call(rename, { id: 'not-a-uuid', title: 'x' }, as(randomUUID())));
    expect(error).toMatchObject({ kind: 'NOT_FOUND', message: 'Item not found' });
  });

  it('refuses a signed-in declaration without a user with UNAUTHENTICATED, before validating or running anything', async () => {
    const before = ran.get(rename.subject) ?? 0;
    expect(await failure(rpc.call(rename, { id: 'junk' } as never, as(null)))).toMatchObject({ kind: 'UNAUTHENTICATED' });
    expect(await failure(rpc.call(premiumOnly, {}, as(null)))).toMatchObject({ kind: 'UNAUTHENTICATED' });
    expect(await failure(rpc.call(ensure, {}, as('')))).toMatchObject({ kind: 'UNAUTHENTICATED' });
    expect(ran.get(rename.subject) ?? 0).toBe(before);
  });

  it('gives a public handler userId null for a visitor, and the user when one is signed in', async () => {
    expect(await rpc.call(shared, { token: 'abc' }, as(null))).toEqual({ userId: null, token: 'abc' });
    const userId = randomUUID();
    expect(await rpc.call(shared, { token: 'abc' }, as(userId))).toEqual({ userId, token: 'abc' });
  });

  it('types and validates internal subjects the same way', async () => {
    const userId = randomUUID();
    expect(await rpc.call(ensure, {}, as(userId))).toEqual({ userId, label: 'home' });
    const error = await failure(rpc.call(ensure, { label: 'x' }, as(userId)));
    expect(error).toMatchObject({ kind: 'VALIDATION', details: { fields: { label: ['label is too short'] } } });
  });

  it("lets a 'service' internal subject be called without a user: the request names it", async () => {
    const userId = randomUUID();
    expect(await rpc.call(deliver, { userId, body: 'hi' }, as(null))).toEqual({ callerUserId: null, userId });
    const error = await failure(rpc.call(deliver, { userId: 'nobody', body: '' }, as(null)));
    expect(error).toMatchObject({ kind: 'VALIDATION' });
    expect(Object.keys((error.details as { fields: object }).fields).sort()).toEqual(['body', 'userId']);
  });

  it('keeps streaming: the handler writes to its sink and the caller gets the chunks and then the reply', async () => {
    const chunks: string[] = [];
    const userId = randomUUID();
    const reply = await rpc.stream(rename, { id: randomUUID(), title: ' streamed ' }, as(userId), { onChunk: (c) => chunks.push(c) });
    expect(chunks).toEqual(['streamed']);
    expect(reply.data.title).toBe('streamed');
  });

  it('registers every declared subject it handles for the coverage test', () => {
    for (const d of [rename, shared, premiumOnly, ensure, deliver]) expect(handledSubjects().has(d.subject)).toBe(true);
  });
});
