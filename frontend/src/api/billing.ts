import { api, type ResponseOf } from '@jarvis/contracts';
import { apiJson } from './client';

export type PaidTier = 'premium' | 'enterprise';

export function createCheckoutSession(
  tier: PaidTier,
): Promise<ResponseOf<typeof api.billing.checkout> | null> {
  return apiJson('POST', api.billing.checkout.path, { tier });
}

export function createPortalSession(): Promise<ResponseOf<typeof api.billing.portal> | null> {
  return apiJson('POST', api.billing.portal.path);
}
