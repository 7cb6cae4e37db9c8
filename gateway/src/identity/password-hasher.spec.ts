import { describe, expect, it } from 'vitest';
import { Slots } from './password-hasher';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Slots', () => {
  it('runs at most `size` tasks at once and starts a waiter as soon as one ends', async () => {
    const slots = new Slots(2, 1_000);
    let running = 0;
    let most = 0;
    const task = async () => {
      running += 1;
      most = Math.max(most, running);
      await sleep(20);
      running -= 1;
      return 'done';
    };
    expect(await Promise.all(Array.from({ length: 7 }, () => slots.run(task)))).toEqual(Array(7).fill('done'));
    expect(most).toBe(2);
  });

  it('refuses a task that waited longer than maxWaitMs with 503 BUSY and Retry-After 1, and keeps serving', async () => {
    const slots = new Slots(1, 30);
    const long = slots.run(() => sleep(100));
    const refused = await slots.run(async () => 'never').catch((error: unknown) => error);
    expect(refused).toMatchObject({ kind: 'SERVICE_UNAVAILABLE', code: 'BUSY', details: { retryAfterSeconds: 1 } });
    await long;
    expect(await slots.run(async () => 'after')).toBe('after');
  });

  it('frees the slot when a task fails', async () => {
    const slots = new Slots(1, 50);
    await expect(slots.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await slots.run(async () => 'next')).toBe('next');
  });
});
