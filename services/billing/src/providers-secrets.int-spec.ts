import { api } from '@jarvis/contracts';
import { createLogger } from '@jarvis/platform';
import { captureLogs, closedPortUrl, type LogCapture, leakedSecrets, secretsIn, type ServiceHarness, startServiceHarness } from '@jarvis/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from './app.module';
import { StripeAdapter } from './stripe/stripe.adapter';

/** Recognisable credentials: none of them may be read in a log line or an error a caller gets. */
const SECRETS = {
  STRIPE_SECRET_KEY: 'sk_test_S3CR3T_billing_0z9y8x7w6v5u',
  STRIPE_WEBHOOK_SECRET: 'whsec_S3CR3T_billing_4t3s2r1q',
};

let h: ServiceHarness;
let logs: LogCapture;
const log = createLogger('providers-secrets-test');

/** Runs one adapter call that must fail and logs its error as the services' callers do; answers the error. */
async function failing(call: string, run: () => Promise<unknown>): Promise<{ call: string; error: unknown }> {
  try {
    await run();
    return { call, error: new Error(`${call} did not fail`) };
  } catch (error) {
    log.warn({ err: error }, `${call} failed`);
    return { call, error };
  }
}

beforeAll(async () => {
  h = await startServiceHarness('billing', AppModule, {
    label: 'billing-secrets',
    env: { ...SECRETS, STRIPE_BASE_URL: await closedPortUrl(), STRIPE_PRICE_PREMIUM: 'price_premium', STRIPE_PRICE_ENTERPRISE: 'price_enterprise', PUBLIC_URL: 'https://jarvis.example' },
  });
  logs = captureLogs();
});
afterAll(async () => {
  logs?.stop();
  await h?.close();
});

describe('Stripe failing at the network level keeps its credentials to itself', () => {
  it('answers checkout with a 503 naming Stripe and no credential', async () => {
    const error = await h.fail(api.billing.checkout, { tier: 'premium' }, h.newUser());
    expect(error).toMatchObject({ kind: 'PROVIDER_UNAVAILABLE' });
    expect(error.message).toContain('Stripe');
    expect(secretsIn(error, SECRETS)).toEqual([]);
  });

  it('wraps every Stripe call in an error that carries no credential', async () => {
    const stripe = h.get(StripeAdapter);
    const failures = [
      await failing('stripe.createCustomer', () => stripe.createCustomer(crypto.randomUUID())),
      await failing('stripe.createCheckout', () => stripe.createCheckout({ userId: 'u', customerId: 'cus_1', priceId: 'price_premium', tier: 'premium', returnUrl: 'https://jarvis.example/account' })),
      await failing('stripe.createPortal', () => stripe.createPortal('cus_1', 'https://jarvis.example/account')),
      await failing('stripe.retrieveSubscription', () => stripe.retrieveSubscription('sub_1')),
    ];
    for (const { call, error } of failures) {
      expect({ call, kind: (error as { kind?: string }).kind }).toEqual({ call, kind: 'PROVIDER_UNAVAILABLE' });
      expect({ call, leaked: secretsIn(error, SECRETS) }).toEqual({ call, leaked: [] });
    }
  });

  it('leaves no configured secret in anything logged meanwhile', () => {
    expect(logs.lines.length).toBeGreaterThan(0);
    expect(leakedSecrets(logs.text(), SECRETS)).toEqual([]);
  });
});
