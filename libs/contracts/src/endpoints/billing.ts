import { z } from 'zod';
import type { Tier } from '../context';
import { endpoint, noInput, returns } from '../endpoint';
import type { QuotaUsage } from '../quotas';

export interface Plan {
  tier: Tier;
  name: string;
  description: string;
  price: number;
  features: { outgoingCalls: number | 'unlimited' };
  highlights: string[];
}

const callUsage = returns<{ outgoingCallsThisMonth: number; limit: number | 'unlimited' }>();

export const billingEndpoints = {
  plans: endpoint({
    method: 'GET', path: '/api/subscription/plans', service: 'billing', subject: 'billing.plans.list', access: 'public',
    request: noInput, response: returns<Plan[]>(),
  }),
  checkout: endpoint({
    method: 'POST', path: '/api/stripe/create-checkout-session', service: 'billing', subject: 'billing.checkout.create',
    access: 'user', request: z.object({ tier: z.enum(['premium', 'enterprise']) }), response: returns<{ url: string }>(),
  }),
  portal: endpoint({
    method: 'POST', path: '/api/stripe/create-portal-session', service: 'billing', subject: 'billing.portal.create',
    access: 'user', request: noInput, response: returns<{ url: string }>(),
  }),
  callUsage: endpoint({
    method: 'GET', path: '/api/subscription/call-usage', service: 'billing', subject: 'billing.usage.calls',
    access: 'user', request: noInput, response: callUsage,
  }),
  /**
   * The month's outgoing calls (billing's, as `callUsage`) and today's use of every daily quota. The gateway answers
   * it: it keeps the quota counters and asks billing for the calls.
   */
  usage: endpoint({
    method: 'GET', path: '/api/usage', service: 'gateway', subject: 'identity.usage.get', access: 'user',
    request: noInput, response: returns<{ outgoingCallsThisMonth: number; limit: number | 'unlimited'; quotas: QuotaUsage[] }>(),
  }),
};
