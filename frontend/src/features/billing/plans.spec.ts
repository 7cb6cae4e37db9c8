import { describe, expect, it } from 'vitest';
import { canManageBilling, PLANS, upgradeOptionsFor } from './plans';

describe('plans', () => {
  it('prices the plans per month as doc3 §9', () => {
    expect([PLANS.free.price, PLANS.premium.price, PLANS.enterprise.price]).toEqual([0, 99, 199]);
  });

  it('offers premium only to free users and hides upgrades for enterprise', () => {
    expect(upgradeOptionsFor('free')).toEqual(['premium', 'enterprise']);
    expect(upgradeOptionsFor('premium')).toEqual(['enterprise']);
    expect(upgradeOptionsFor('enterprise')).toEqual([]);
  });

  it('disables Manage Billing on free or without a customer id', () => {
    expect(canManageBilling({ subscriptionTier: 'free', stripeCustomerId: 'cus_1' })).toBe(false);
    expect(canManageBilling({ subscriptionTier: 'premium', stripeCustomerId: null })).toBe(false);
    expect(canManageBilling({ subscriptionTier: 'premium', stripeCustomerId: 'cus_1' })).toBe(true);
  });
});
