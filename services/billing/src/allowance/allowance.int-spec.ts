import { api, type CallReservation, DomainError, internalApi, type Tier } from '@jarvis/contracts';
import { type ServiceHarness, startServiceHarness, type TestUser } from '@jarvis/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../app.module';

let h: ServiceHarness;
beforeAll(async () => {
  h = await startServiceHarness('billing', AppModule, { label: 'allowance', env: { STRIPE_SECRET_KEY: undefined } });
});
afterAll(() => h?.close());

const reserve = (user: TestUser, tier?: Tier): Promise<CallReservation> => h.call(internalApi.billing.reserveCall, {}, user, tier);
// As telephony calls it: unparsed, so a bad month is the handler's own 400.
const release = (user: TestUser, month?: string) => h.rpc.call(internalApi.billing.releaseCall, month ? { month } : {}, h.ctx(user));

describe('the monthly outgoing-call allowance', () => {
  it('gives exactly the 4 calls left to 20 simultaneous reservations of a premium user; the rest get 402 (5 of 5)', async () => {
    const user = h.newUser('premium');
    await reserve(user);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => reserve(user)));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as DomainError);
    expect(ok).toHaveLength(4);
    expect(refused).toHaveLength(16);
    for (const error of refused) {
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ kind: 'PLAN_REQUIRED', message: 'Monthly outgoing call limit reached (5 of 5)' });
    }
    expect(await h.call(api.billing.callUsage, {}, user)).toEqual({ outgoingCallsThisMonth: 5, limit: 5 });
  });

  it('takes a released call back into the month, never below zero', async () => {
    const user = h.newUser('premium');
    const reservation = await reserve(user);
    expect(reservation).toMatchObject({ outgoingCallsThisMonth: 1, limit: 5, month: expect.stringMatching(/^\d{4}-\d{2}$/) });
    expect(await release(user, reservation.month)).toEqual({ released: true });
    expect(await release(user)).toEqual({ released: false });
    expect(await h.call(api.billing.callUsage, {}, user)).toEqual({ outgoingCallsThisMonth: 0, limit: 5 });
  });

  it('refuses free users with 402 requiresUpgrade and counts nothing', async () => {
    const user = h.newUser('free');
    await expect(reserve(user)).rejects.toMatchObject({ kind: 'PLAN_REQUIRED', details: { requiresUpgrade: true } });
    expect(await h.call(api.billing.callUsage, {}, user)).toEqual({ outgoingCallsThisMonth: 0, limit: 0 });
  });

  it('lets enterprise call without limit and still counts the calls', async () => {
    const user = h.newUser('enterprise');
    for (let i = 0; i < 7; i++) await reserve(user);
    expect(await h.call(api.billing.callUsage, {}, user)).toEqual({ outgoingCallsThisMonth: 7, limit: 'unlimited' });
  });

  it('refuses a malformed month on release with 400', async () => {
    const user = h.newUser('premium');
    await expect(release(user, 'not-a-month')).rejects.toMatchObject({ kind: 'VALIDATION' });
  });
});

describe('plans and an unconfigured Stripe', () => {
  it("lists doc3's three plans", async () => {
    const plans = await h.call(api.billing.plans, {});
    expect(plans.map((p) => [p.tier, p.price, p.features.outgoingCalls])).toEqual([
      ['free', 0, 0],
      ['premium', 99, 5],
      ['enterprise', 199, 'unlimited'],
    ]);
  });

  it('answers 503 naming the variables when Stripe is not configured', async () => {
    const error = await h.fail(api.billing.checkout, { tier: 'premium' }, h.newUser());
    expect(error.kind).toBe('PROVIDER_UNAVAILABLE');
    expect(error.message).toContain('STRIPE_SECRET_KEY');
    expect(error.message).toContain('STRIPE_PRICE_PREMIUM');
  });
});
