import { infraConfigSchema, optionalSecret, optionalUrl } from '@jarvis/platform';
import type { z } from 'zod';

/** The billing service's configuration: Stripe's credentials and prices; unset ones make checkout answer 503. */
export const billingConfigSchema = infraConfigSchema.extend({
  STRIPE_SECRET_KEY: optionalSecret,
  STRIPE_WEBHOOK_SECRET: optionalSecret,
  STRIPE_PRICE_PREMIUM: optionalSecret,
  STRIPE_PRICE_ENTERPRISE: optionalSecret,
  /** Stripe's API unless set (a compatible server or a test fake), e.g. http://127.0.0.1:12111. */
  STRIPE_BASE_URL: optionalUrl,
});

/** DI token of the billing configuration: `@Inject(BILLING_CONFIG) config: BillingConfig`. */
export const BILLING_CONFIG = Symbol('BILLING_CONFIG');
export type BillingConfig = z.output<typeof billingConfigSchema>;

/** The config for `ServicePlatformModule.forService({ config })`: validated at start, injected by BILLING_CONFIG. */
export const billingConfig = { token: BILLING_CONFIG, schema: billingConfigSchema };
