import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import type { RequestContext } from '@jarvis/contracts';
import { createTestEnv, type TestEnv } from '@jarvis/testing';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PassThroughRpcFilter } from '../errors';
import { ShutdownGrace } from '../shutdown';
import { RpcClient } from './rpc-client';
import { NatsTransport } from './transport';

/** Each replica says who answered; a request takes a little while, so a replica always holds some when it stops. */
@Controller()
class WorkHandler {
  static replica = '';
  readonly replica = WorkHandler.replica;

  @MessagePattern('work.do')
  async work({ data }: { data: { ms: number } }) {
    await new Promise((resolve) => setTimeout(resolve, data.ms));
    return this.replica;
  }
}

@Module({ controllers: [WorkHandler] })
class WorkModule {}

let env: TestEnv;
let nc: NatsConnection;
let rpc: RpcClient;
const ctx: RequestContext = { userId: null, tier: 'free', requestId: 'shutdown-test' };

async function startReplica(name: string, graceMs = 20_000) {
  const connection = await connect({ servers: env.env.NATS_URL });
  const transport = new NatsTransport({ queue: 'jarvis-work', prefix: env.natsPrefix });
  transport.useConnection(connection);
  transport.useGrace(new ShutdownGrace(graceMs));
  WorkHandler.replica = name;
  const app = await NestFactory.createMicroservice(WorkModule, { strategy: transport, logger: false });
  app.useGlobalFilters(new PassThroughRpcFilter());
  await app.listen();
  return {
    /** SIGTERM's first step: the transport stops taking requests and finishes those it holds. */
    stop: () => app.close(),
    close: async () => {
      await app.close();
      await connection.close();
    },
  };
}

beforeAll(async () => {
  env = await createTestEnv('transport-shutdown');
  nc = await connect({ servers: env.env.NATS_URL });
  rpc = new RpcClient(nc, env.natsPrefix);
});
afterAll(async () => {
  await nc?.close();
  await env?.dispose();
});

describe('a replica that stops under load', () => {
  it('answers every request the server had routed to it, while the other replicas take the new ones', async () => {
    const leaving = await startReplica('leaving');
    const staying = await startReplica('staying');
    try {
      const replies: string[] = [];
      const failures: unknown[] = [];
      let stopped: Promise<void> | undefined;
      const requests = Array.from({ length: 3000 }, (_, i) =>
        rpc.request<string>('work.do', { ms: 5 + (i % 20) }, ctx, 10_000).then(
          (replica) => {
            replies.push(replica);
            // Stop the replica once work is flowing: thousands of requests are still on their way to it.
            if (replies.length === 200) stopped = leaving.stop();
          },
          (error: unknown) => failures.push(error),
        ),
      );
      await Promise.all(requests);
      await stopped;
      expect(failures).toEqual([]);
      expect(replies).toHaveLength(3000);
      expect(replies.filter((r) => r === 'leaving').length).toBeGreaterThan(100);
      // After it stopped, only the other replica answers.
      for (let i = 0; i < 20; i++) expect(await rpc.request('work.do', { ms: 0 }, ctx, 2000)).toBe('staying');
    } finally {
      await leaving.close().catch(() => undefined);
      await staying.close();
    }
  }, 60_000);

  it('gives the requests it holds no more than SHUTDOWN_GRACE_MS', async () => {
    const leaving = await startReplica('leaving', 300);
    try {
      const held = rpc.request('work.do', { ms: 2_000 }, ctx, 5_000).catch((error: unknown) => error);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = Date.now();
      await leaving.stop();
      expect(Date.now() - started).toBeLessThan(2_000);
      await held;
    } finally {
      await leaving.close().catch(() => undefined);
    }
  }, 20_000);
});
