import { connect as connectTcp, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { closedPortUrl, createTestEnv, type TestEnv } from '@jarvis/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, type RedisConnection } from './redis-connection';

/** A TCP relay to the real Redis that the test can cut, as a network outage would. */
async function startRelay(target: URL): Promise<{ url: string; cut(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((inbound) => {
    const outbound = connectTcp(Number(target.port || 6379), target.hostname);
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

describe('the process Redis connection', () => {
  let env: TestEnv;
  const opened: RedisConnection[] = [];

  beforeAll(async () => {
    env = await createTestEnv('redis-connection');
  });
  afterEach(async () => {
    for (const redis of opened.splice(0)) await redis.close();
  });
  afterAll(async () => {
    await env?.dispose();
  });

  async function open(url = env.env.REDIS_URL) {
    const redis = await connectRedis({ REDIS_URL: url, REDIS_PREFIX: env.redisPrefix }, 'jarvis-test');
    opened.push(redis);
    return redis;
  }

  it("names every key under REDIS_PREFIX, its parts joined by ':'", async () => {
    const redis = await open();
    const key = redis.key('telephony', 'call-audio', 'a1');
    expect(key).toBe(`${env.redisPrefix}telephony:call-audio:a1`);
    await redis.client.set(key, 'x', 'EX', 60);
    expect(await redis.client.keys(`${env.redisPrefix}*`)).toEqual([key]);
  });

  it('stops the start with the address it tried when Redis cannot be reached', async () => {
    const url = (await closedPortUrl()).replace('http://', 'redis://');
    await expect(connectRedis({ REDIS_URL: url, REDIS_PREFIX: env.redisPrefix }, 'jarvis-test')).rejects.toThrow(
      `Cannot reach Redis at REDIS_URL=${url}`,
    );
  });

  it('answers its health check, and says why not once Redis is gone', async () => {
    const redis = await open();
    expect(await redis.check()).toBe('ok');
    await redis.close();
    expect(await redis.check()).toMatch(/^error: /);
  });

  it('fails a command at once while Redis is unreachable, instead of holding the request until it is back', async () => {
    const relay = await startRelay(new URL(env.env.REDIS_URL));
    const redis = await open(relay.url);
    expect(await redis.client.ping()).toBe('PONG');
    const lost = new Promise((resolve) => redis.client.once('close', resolve));
    await relay.cut();
    await lost;
    const started = Date.now();
    await expect(redis.client.get(redis.key('anything'))).rejects.toThrow(/enableOfflineQueue/);
    expect(Date.now() - started).toBeLessThan(200);
    expect(await redis.check()).toMatch(/^error: /);
  });
});
