import { describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../config';
import {
  assertNoEviction,
  bullPrefix,
  type PolicyReader,
  queueSettingsFrom,
  workerConnectionOptions,
} from './queue-settings';

function reader(
  config: () => Promise<unknown>,
  info: () => Promise<string> = () => Promise.reject(new Error('NOPERM')),
): PolicyReader {
  return { config: vi.fn(config), info: vi.fn(info) };
}
const quietLog = () => ({ warn: vi.fn() });

describe('the noeviction check', () => {
  it('refuses a Redis that may evict keys, naming the setting and the fix', async () => {
    const log = quietLog();
    const check = assertNoEviction(
      reader(async () => ['maxmemory-policy', 'allkeys-lru']),
      log,
    );
    await expect(check).rejects.toBeInstanceOf(ConfigError);
    await expect(check).rejects.toThrow(/maxmemory-policy is 'allkeys-lru'.*'noeviction'/);
    await expect(check).rejects.toThrow('redis-cli CONFIG SET maxmemory-policy noeviction');
    await expect(check).rejects.toThrow('`maxmemory-policy noeviction` in redis.conf');
  });

  it('accepts noeviction', async () => {
    const log = quietLog();
    await expect(
      assertNoEviction(
        reader(async () => ['maxmemory-policy', 'noeviction']),
        log,
      ),
    ).resolves.toBeUndefined();
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('reads INFO when the server does not allow CONFIG, and still refuses', async () => {
    const info = '# Memory\r\nused_memory:1000\r\nmaxmemory_policy:volatile-lru\r\n';
    const check = assertNoEviction(
      reader(
        () => Promise.reject(new Error("ERR unknown command 'CONFIG'")),
        async () => info,
      ),
      quietLog(),
    );
    await expect(check).rejects.toThrow(/maxmemory-policy is 'volatile-lru'/);
  });

  it('warns and goes on when the server allows neither CONFIG nor INFO', async () => {
    const log = quietLog();
    await expect(
      assertNoEviction(
        reader(() => Promise.reject(new Error('NOPERM'))),
        log,
      ),
    ).resolves.toBeUndefined();
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('maxmemory-policy'));
  });
});

describe('queue settings', () => {
  it("turns REDIS_PREFIX into a BullMQ prefix without ':' so queue keys stay under the deployment's prefix", () => {
    expect(bullPrefix('jarvis:')).toBe('jarvis');
    expect(bullPrefix('t1a2b:')).toBe('t1a2b');
    expect(bullPrefix('')).toBe('bull');
    expect(() => bullPrefix('prod:jarvis:')).toThrow(/REDIS_PREFIX 'prod:jarvis:'/);
  });

  it('gives workers the connection BullMQ requires and keeps its stalled-job defaults', () => {
    const settings = queueSettingsFrom({ REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PREFIX: 'jarvis:' });
    expect(workerConnectionOptions(settings)).toEqual({
      url: 'redis://127.0.0.1:6379',
      maxRetriesPerRequest: null,
    });
    expect(settings).toMatchObject({
      prefix: 'jarvis',
      lockDurationMs: 30_000,
      stalledIntervalMs: 30_000,
      maxStalledCount: 1,
    });
  });
});
