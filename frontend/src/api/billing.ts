import type { ResponseOf } from '@jarvis/contracts';
import { api, type Api } from './routes';
import { callApi } from './client';

export type PaidTier = 'premium' | 'enterprise';

export function createCheckoutSession(
  tier: PaidTier,
): Promise<ResponseOf<Api['billing']['checkout']> | null> {
  return callApi(api.billing.checkout, { tier });
}

export function createPortalSession(): Promise<ResponseOf<Api['billing']['portal']> | null> {
  return callApi(api.billing.portal);
}
