import { Controller, Module } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { endpoint, ErrorKind, NotFoundError, type RequestContext, returns } from '@jarvis/contracts';
import { createTestEnv, startNatsService, type TestEnv } from '@jarvis/testing';
import { z } from 'zod';
import { connect, headers, JSONCodec, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HandlerInput } from '../handler';
import { RpcClient } from './rpc-client';
import { callStreaming, STREAM_CHUNKS_HEADER } from './stream';

const count = endpoint({
  method: 'POST', path: '/probe/count', service: 'chat', subject: 'probe.count', access: 'user', streams: true,
  request: z.object({ upTo: z.number() }), response: returns<{ total: number; streamed: boolean }>(),
});
const waitForCancel = endpoint({
  method: 'POST', path: '/probe/wait', service: 'chat', subject: 'probe.wait', access: 'user', streams: true,
  request: z.object({}), timeoutMs: 5_000, response: returns<{ cancelled: boolean }>(),
});
const failing = endpoint({
  method: 'POST', path: '/probe/fail', service: 'chat', subject: 'probe.fail', access: 'user', streams: true,
  request: z.object({}), response: returns<never>(),
});

/** Resolves once the probe's handler saw the caller's cancel, with whether it did. */
let sawCancel: Promise<boolean>;
let reportCancel: (seen: boolean) => void;

@Controller()
class StreamingProbe {
  @MessagePattern(count.subject)
  count({ data, stream }: HandlerInput<typeof count>) {
    for (let i = 1; i <= data.upTo; i++) stream?.write(`${i} `);
    return { total: data.upTo, streamed: Boolean(stream) };
  }

  @MessagePattern(waitForCancel.subject)
  async wait({ stream }: HandlerInput<typeof waitForCancel>) {
    stream!.write('started');
    const cancelled = await new Promise<boolean>((resolve) => {
      stream!.signal.addEventListener('abort', () => resolve(true));
      setTimeout(() => resolve(false), 3_000);
    });
    reportCancel(cancelled);
    return { cancelled };
  }

  @MessagePattern(failing.subject)
  fail({ stream }: HandlerInput<typeof failing>) {
    stream?.write('partial');
    throw new NotFoundError('Conversation');
  }
}

@Module({ controllers: [StreamingProbe] })
class ProbeModule {}

let env: TestEnv;
let nc: NatsConnection;
let rpc: RpcClient;
let close: () => Promise<void>;
const ctx: RequestContext = { userId: 'u-1', tier: 'free', requestId: 'req-stream' };

beforeAll(async () => {
  env = await createTestEnv('stream');
  nc = await connect({ servers: env.env.NATS_URL });
  rpc = new RpcClient(nc, env.natsPrefix);
  ({ close } = await startNatsService(ProbeModule, { natsUrl: env.env.NATS_URL, prefix: env.natsPrefix }));
});
afterAll(async () => {
  await close?.();
  await nc?.close();
  await env?.dispose();
});

describe('streamed replies over NATS', () => {
  it('delivers every chunk in order before resolving with the reply', async () => {
    for (let run = 0; run < 5; run++) {
      const chunks: string[] = [];
      const reply = await rpc.stream(count, { upTo: 500 }, ctx, { onChunk: (text) => chunks.push(text) });
      expect(reply).toEqual({ total: 500, streamed: true });
      expect(chunks).toEqual(Array.from({ length: 500 }, (_, i) => `${i + 1} `));
    }
  });

  it('answers a caller that does not stream with the reply alone', async () => {
    expect(await rpc.call(count, { upTo: 3 }, ctx)).toEqual({ total: 3, streamed: false });
  });

  it('aborts the handler signal when the caller cancels, and rejects the call with the abort reason', async () => {
    sawCancel = new Promise((resolve) => (reportCancel = resolve));
    const controller = new AbortController();
    const call = rpc.stream(waitForCancel, {}, ctx, {
      signal: controller.signal,
      onChunk: () => controller.abort(new Error('client went away')),
    });
    await expect(call).rejects.toThrow('client went away');
    expect(await sawCancel).toBe(true);
  });

  it('answers without streaming when the stream subject is a wildcard', async () => {
    const reply = await rpc.request(count.subject, { upTo: 2 }, ctx, 2000);
    expect(reply).toEqual({ total: 2, streamed: false });
    const raw = await nc.request(env.natsPrefix + count.subject, JSONCodec().encode({ ctx, data: { upTo: 2 }, stream: 'live.>' }), { timeout: 2000 });
    expect(JSONCodec().decode(raw.data)).toEqual({ ok: true, data: { total: 2, streamed: false } });
  });

  it('rejects at once when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('gone before'));
    await expect(rpc.stream(count, { upTo: 1 }, ctx, { signal: controller.signal, onChunk: () => undefined })).rejects.toThrow(
      'gone before',
    );
  });

  it('translates an error reply as call does, after the chunks written before it', async () => {
    const chunks: string[] = [];
    const error = await rpc.stream(failing, {}, ctx, { onChunk: (text) => chunks.push(text) }).catch((e) => e);
    expect(error).toMatchObject({ kind: ErrorKind.NotFound });
    expect(chunks).toEqual(['partial']);
  });

  it('waits for chunks the reply counts that arrive after it', async () => {
    const chunks: string[] = [];
    const codec = JSONCodec();
    const reply = await callStreaming(nc, env.natsPrefix, { onChunk: (text) => chunks.push(text) }, async (stream) => {
      // The reply "overtakes" its chunks: they are published only after it resolved.
      setTimeout(() => ['a', 'b', 'c'].forEach((data) => nc.publish(stream, codec.encode({ event: 'token', data }))), 50);
      const h = headers();
      h.set(STREAM_CHUNKS_HEADER, '3');
      return { data: 'done', headers: h };
    });
    expect(reply).toBe('done');
    expect(chunks).toEqual(['a', 'b', 'c']);
  });
});
