import { api, DomainError, type Endpoint, ErrorKind, ProviderUnavailableError, type RequestContext } from '@jarvis/contracts';
import type { RpcClient } from '@jarvis/platform';
import { describe, expect, it } from 'vitest';
import type { QuotaCounter } from './quota-counter';
import { QuotaLimits } from './quota.config';
import { QuotaService } from './quota.service';

/** The counter's bookkeeping without Redis (quota.int-spec.ts beside it runs the real one). */
function service() {
  const counts = new Map<string, number>();
  const counter = {
    key: (userId: string, kind: string, day: string) => `${day}:${kind}:${userId}`,
    take: async (key: string, cost: number, limit: number | null) => {
      const used = counts.get(key) ?? 0;
      if (limit !== null && used + cost > limit) return { taken: false, used };
      counts.set(key, used + cost);
      return { taken: true, used: used + cost };
    },
    giveBack: async (key: string, cost: number) => void counts.set(key, Math.max(0, (counts.get(key) ?? 0) - cost)),
  } as unknown as QuotaCounter;
  const quotas = new QuotaService(counter, QuotaLimits.fromEnv({}), {} as RpcClient);
  const total = () => [...counts.values()].reduce((a, b) => a + b, 0);
  return { quotas, total };
}

const ctx: RequestContext = { userId: 'u1', tier: 'free', requestId: 'r1' };
const speak = api.voice.speak as Endpoint;
const input = { text: 'Hello' };

describe('QuotaService.metered', () => {
  it('keeps the units of a call that timed out: the provider may have done and billed the work', async () => {
    const { quotas, total } = service();
    const timeout = new DomainError(ErrorKind.DeadlineExceeded, 'voice did not answer in time');
    await expect(quotas.metered(speak, input, ctx, () => Promise.reject(timeout))).rejects.toBe(timeout);
    expect(total()).toBe(5);
  });

  it('gives the units of a failed call back', async () => {
    const { quotas, total } = service();
    const down = new ProviderUnavailableError('OpenAI', ['OPENAI_API_KEY']);
    await expect(quotas.metered(speak, input, ctx, () => Promise.reject(down))).rejects.toBe(down);
    expect(total()).toBe(0);
  });

  it('counts nothing for an endpoint without a quota or a caller without an account', async () => {
    const { quotas, total } = service();
    await quotas.metered(api.chat.messages as Endpoint, {}, ctx, async () => 'ok');
    await quotas.metered(speak, input, { ...ctx, userId: null }, async () => 'ok');
    expect(total()).toBe(0);
  });
});
