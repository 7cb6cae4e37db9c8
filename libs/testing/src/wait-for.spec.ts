import { describe, expect, it } from 'vitest';
import { waitFor } from './wait-for';

describe('waitFor', () => {
  it('polls until the predicate answers a truthy value, and returns it', async () => {
    let tries = 0;
    const found = await waitFor(async () => (++tries >= 3 ? { id: 'r1' } : undefined), { intervalMs: 5 });
    expect(found).toEqual({ id: 'r1' });
    expect(tries).toBe(3);
  });

  it('keeps trying while the predicate throws', async () => {
    let tries = 0;
    await expect(
      waitFor(() => {
        if (++tries < 3) throw new Error('not yet');
        return true;
      }, { intervalMs: 5 }),
    ).resolves.toBe(true);
  });

  it('fails past the timeout saying what it waited for and the last answer', async () => {
    const events: string[] = [];
    const started = Date.now();
    await expect(waitFor(() => events.length >= 2, { timeoutMs: 100, intervalMs: 10, message: () => `2 live events, got ${events.length}` })).rejects.toThrow(
      'waitFor gave up after 100 ms: 2 live events, got 0; last answer false',
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  });

  it("names the predicate when no message is given, and the last try's error", async () => {
    await expect(
      waitFor(
        () => {
          throw new Error('call 42 has no log');
        },
        { timeoutMs: 50, intervalMs: 10 },
      ),
    ).rejects.toThrow(/waitFor gave up after 50 ms: .*call 42 has no log.*; last try threw call 42 has no log/s);
  });
});
