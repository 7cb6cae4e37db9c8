import { randomBytes, randomUUID } from 'node:crypto';
import { Controller, Module } from '@nestjs/common';
import { DomainError, ErrorKind, internal, NotFoundError, type RequestContext, returns } from '@jarvis/contracts';
import { createTestEnv, startNatsService, type TestEnv } from '@jarvis/testing';
import { MessagePattern } from '@nestjs/microservices';
import { connect, type NatsConnection, type Subscription } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Handles, type HandlerInput } from '../handler';
import { largePayloadBucket } from './large-payloads';
import { RpcClient } from './rpc-client';

/**
 * Calls to a service in the caller's process (JARVIS_IN_PROCESS_CALLS=1, what JARVIS_PROCESSES=single turns on) skip
 * the NATS hop and nothing else: the same assertions run through the bus and in-process, and only whether a message
 * crossed the bus differs.
 */

const echo = internal({
  subject: 'probe.local.echo', service: 'calendar',
  request: z.object({ title: z.string().trim().min(1, 'Title is required'), when: z.string(), extra: z.unknown().optional() }),
  response: returns<{ title: string; when: string; at: Date; gone?: string; seen: unknown }>(),
});
const missing = internal({ subject: 'probe.local.missing', service: 'calendar', request: z.object({}), response: returns<never>() });
const bug = internal({ subject: 'probe.local.bug', service: 'calendar', request: z.object({}), response: returns<never>() });
const slow = internal({ subject: 'probe.local.slow', service: 'calendar', request: z.object({}), response: returns<{ late: true }>() });
const big = internal({
  subject: 'probe.local.big', service: 'calendar', request: z.object({ text: z.string() }), response: returns<{ length: number; text: string }>(),
});

@Controller()
class LocalProbe {
  @Handles(echo)
  echo({ data }: HandlerInput<typeof echo>) {
    const seen = { ...data };
    // Changing the input changes nothing at the caller's: the handler has its own copy, as from the bus.
    (data as { title: string }).title = 'changed by the handler';
    return { title: seen.title, when: seen.when, at: new Date('2026-01-02T03:04:05.000Z'), gone: undefined, seen };
  }

  @Handles(missing)
  missing(): never {
    throw new NotFoundError('No such probe.');
  }

  @Handles(bug)
  bug(): never {
    throw new Error('secret internals');
  }

  @Handles(slow)
  async slow() {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    return { late: true as const };
  }

  @MessagePattern('calendar.health.check')
  health() {
    return { status: 'ok', checks: {} };
  }

  @Handles(big)
  big({ data }: HandlerInput<typeof big>) {
    return { length: data.text.length, text: data.text };
  }
}

@Module({ controllers: [LocalProbe] })
class LocalProbeModule {}

let env: TestEnv;
let nc: NatsConnection;
const ctx = (): RequestContext => ({ userId: randomUUID(), tier: 'free', requestId: `local-${randomUUID()}` });

beforeAll(async () => {
  env = await createTestEnv('localcalls');
  nc = await connect({ servers: env.env.NATS_URL });
});
afterAll(async () => {
  delete process.env.JARVIS_IN_PROCESS_CALLS;
  await nc?.close();
  await env?.dispose();
});

/** Every message published on the run's subjects under `pattern` (requests, Object Store chunks), as it happens. */
function watch(pattern: string) {
  const seen: string[] = [];
  const sub: Subscription = nc.subscribe(pattern, { callback: (_err, msg) => seen.push(msg.subject) });
  return {
    seen,
    async stop() {
      await nc.flush();
      sub.unsubscribe();
    },
  };
}

describe.each([
  { mode: 'through the bus', inProcess: '0' },
  { mode: 'in-process', inProcess: '1' },
])('a call $mode', ({ inProcess }) => {
  let service: { close(): Promise<void> };
  let rpc: RpcClient;
  // A prefix of its own per mode: nothing of one mode answers the other.
  const prefix = () => `${env.natsPrefix}${inProcess === '1' ? 'local' : 'bus'}.`;

  beforeAll(async () => {
    process.env.JARVIS_IN_PROCESS_CALLS = inProcess;
    service = await startNatsService(LocalProbeModule, { natsUrl: env.env.NATS_URL, prefix: prefix(), queue: 'probe-local' });
    rpc = new RpcClient(nc, prefix());
  });
  afterAll(async () => {
    await service?.close();
  });

  it('crosses the bus only when the service is in another process', async () => {
    const requests = watch(`${prefix()}probe.local.>`);
    await rpc.call(echo, { title: 'hello', when: 'tomorrow' }, ctx());
    await requests.stop();
    expect(requests.seen).toEqual(inProcess === '1' ? [] : [`${prefix()}probe.local.echo`]);
  });

  it('hands the handler validated JSON of the input and the caller JSON of the reply', async () => {
    const input = { title: '  hello  ', when: 'tomorrow', extra: { at: new Date('2026-05-06T07:08:09.000Z'), skipped: undefined } };
    const reply = await rpc.call(echo, input, ctx());
    expect(reply).toEqual({
      title: 'hello',
      when: 'tomorrow',
      at: '2026-01-02T03:04:05.000Z',
      seen: { title: 'hello', when: 'tomorrow', extra: { at: '2026-05-06T07:08:09.000Z' } },
    });
    expect(input.title).toBe('  hello  ');
  });

  it('refuses input the schema refuses with VALIDATION and its field errors', async () => {
    const error = await rpc.call(echo, { title: '   ', when: 'now' }, ctx()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: ErrorKind.Validation, details: { fields: { title: ['Title is required'] } } });
  });

  it('turns a domain error into the same DomainError, and a bug into INTERNAL without its message', async () => {
    expect(await rpc.call(missing, {}, ctx()).catch((e: unknown) => e)).toMatchObject({ kind: ErrorKind.NotFound, message: 'No such probe. not found' });
    const internalError = await rpc.call(bug, {}, ctx()).catch((e: unknown) => e);
    expect(internalError).toMatchObject({ kind: ErrorKind.Internal });
    expect(String((internalError as Error).message)).not.toContain('secret internals');
  });

  it('keeps the deadline: DEADLINE_EXCEEDED naming the service', async () => {
    const error = await rpc.call(slow, {}, ctx(), { timeoutMs: 300 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: ErrorKind.DeadlineExceeded, message: 'The probe service did not answer within 0 seconds.' });
  });

  it('carries 5 MB each way, through the Object Store only across the bus', async () => {
    const chunks = watch(`$O.${largePayloadBucket(prefix())}.C.>`);
    const text = randomBytes(3 * 1024 * 1024).toString('base64').slice(0, 5 * 1024 * 1024);
    const reply = await rpc.call(big, { text }, ctx(), { timeoutMs: 20_000 });
    await chunks.stop();
    expect(reply.length).toBe(text.length);
    expect(reply.text === text).toBe(true);
    if (inProcess === '1') expect(chunks.seen).toEqual([]);
    else expect(chunks.seen.length).toBeGreaterThan(0);
  });

  it('always asks <service>.health.check over the bus: /health says whether each service is reachable there', async () => {
    const requests = watch(`${prefix()}calendar.health.check`);
    expect(await rpc.request('calendar.health.check', {}, ctx(), 5_000)).toEqual({ status: 'ok', checks: {} });
    await requests.stop();
    expect(requests.seen).toEqual([`${prefix()}calendar.health.check`]);
  });
});

describe('a service of this process that is closing', () => {
  it('is asked over the bus from then on, like a service elsewhere: no responders once it is gone', async () => {
    process.env.JARVIS_IN_PROCESS_CALLS = '1';
    const prefix = `${env.natsPrefix}closing.`;
    const service = await startNatsService(LocalProbeModule, { natsUrl: env.env.NATS_URL, prefix, queue: 'probe-closing' });
    const rpc = new RpcClient(nc, prefix);
    expect(await rpc.call(echo, { title: 'before', when: 'now' }, ctx())).toMatchObject({ title: 'before' });
    await service.close();
    const error = await rpc.call(echo, { title: 'after', when: 'now' }, ctx()).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: ErrorKind.ServiceUnavailable });
  });
});
