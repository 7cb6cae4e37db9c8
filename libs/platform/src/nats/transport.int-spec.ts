import { Controller, Module } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { DomainError, ErrorKind, NotFoundError, type RequestContext } from '@jarvis/contracts';
import { createTestEnv, startNatsService, type TestEnv } from '@jarvis/testing';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentLogContext } from '../logger';
import { RpcClient } from './rpc-client';

@Controller()
class ProbeHandler {
  static instance = 0;
  readonly id = ++ProbeHandler.instance;

  @MessagePattern('probe.echo')
  echo({ ctx, data }: { ctx: RequestContext; data: unknown }) {
    return { data, userId: ctx.userId, requestIdSeen: currentLogContext().requestId, instance: this.id };
  }

  @MessagePattern('probe.missing')
  missing() {
    throw new NotFoundError('Reminder');
  }

  @MessagePattern('probe.bug')
  bug() {
    throw new Error('secret SQL detail that must not leak');
  }

  @MessagePattern('probe.slow')
  async slow() {
    await new Promise((r) => setTimeout(r, 500));
    return 'late';
  }
}

@Module({ controllers: [ProbeHandler] })
class ProbeModule {}

let env: TestEnv;
let nc: NatsConnection;
let rpc: RpcClient;
const apps: { close(): Promise<void> }[] = [];
const ctx: RequestContext = { userId: 'u-1', tier: 'free', requestId: 'req-12345678' };

async function startProbe() {
  apps.push(await startNatsService(ProbeModule, { natsUrl: env.env.NATS_URL, prefix: env.natsPrefix }));
}

beforeAll(async () => {
  env = await createTestEnv('transport');
  nc = await connect({ servers: env.env.NATS_URL });
  rpc = new RpcClient(nc, env.natsPrefix);
  await startProbe();
  await startProbe();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await nc?.close();
  await env?.dispose();
});

describe('NATS request/reply', () => {
  it('delivers the context and data and keeps the request id in the handler log context', async () => {
    const reply = await rpc.request<{ data: unknown; userId: string; requestIdSeen: string }>('probe.echo', { a: 1 }, ctx, 2000);
    expect(reply).toMatchObject({ data: { a: 1 }, userId: 'u-1', requestIdSeen: 'req-12345678' });
  });

  it('spreads requests over the replicas of a queue group', async () => {
    const seen = new Set<number>();
    for (let i = 0; i < 40; i++) seen.add((await rpc.request<{ instance: number }>('probe.echo', {}, ctx, 2000)).instance);
    expect(seen.size).toBe(2);
  });

  it('turns a domain error into the same DomainError on the caller side', async () => {
    const error = await rpc.request('probe.missing', {}, ctx, 2000).catch((e) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: ErrorKind.NotFound, message: 'Reminder not found' });
  });

  it('answers a bug as INTERNAL without leaking its message', async () => {
    const error = await rpc.request('probe.bug', {}, ctx, 2000).catch((e) => e);
    expect(error).toMatchObject({ kind: ErrorKind.Internal, message: 'Internal server error' });
  });

  it('reports SERVICE_UNAVAILABLE when no service listens on the subject', async () => {
    const error = await rpc.request('nobody.listens.here', {}, ctx, 2000).catch((e) => e);
    expect(error).toMatchObject({ kind: ErrorKind.ServiceUnavailable });
  });

  it('reports DEADLINE_EXCEEDED when the service does not answer in time', async () => {
    const started = Date.now();
    const error = await rpc.request('probe.slow', {}, ctx, 100).catch((e) => e);
    expect(error).toMatchObject({ kind: ErrorKind.DeadlineExceeded });
    expect(Date.now() - started).toBeLessThan(450);
  });
});
