import type { Tier, User } from '@jarvis/contracts';

export interface PlanInfo {
  tier: Tier;
  name: string;
  /** US dollars per month (doc3 §9). */
  price: number;
  description: string;
  outgoingCalls: string;
  highlights: string[];
}

/** The three plans of doc3 §6 and §9. */
export const PLANS: Record<Tier, PlanInfo> = {
  free: {
    tier: 'free',
    name: 'Free',
    price: 0,
    description: 'Everything you need to get started with your personal assistant.',
    outgoingCalls: 'No outgoing calls',
    highlights: [
      'Chat with memory and every personality',
      'Reminders, voice and Smart Suggestions',
      'Read-only e-mail access',
      'Calendar with booking links',
      'Phone messages taken for you',
    ],
  },
  premium: {
    tier: 'premium',
    name: 'Premium',
    price: 99,
    description: 'For people who want Jarvis to handle calls and e-mail for them.',
    outgoingCalls: '5 outgoing calls per month',
    highlights: [
      'Everything in Free, plus career profiles',
      'E-mail management: unsubscribe, trash, spam',
      'Jarvis answers your calls with AI',
      'Voice cloning and a dedicated phone number',
      'Advanced memory and priority support',
      '5 outgoing calls per month',
    ],
  },
  enterprise: {
    tier: 'enterprise',
    name: 'Enterprise',
    price: 199,
    description: 'The most capable Jarvis, with the fastest models and unlimited calls.',
    outgoingCalls: 'Unlimited outgoing calls',
    highlights: [
      'Everything in Premium',
      'Professor Mode: several AI models reasoning together',
      'Unlimited outgoing calls',
      'Priority voice cloning and the fastest models',
      'Dedicated support and custom integrations',
    ],
  },
};

export const PLAN_ORDER: Tier[] = ['free', 'premium', 'enterprise'];

/** Upgrade offers: hidden for enterprise; the premium offer only for free (doc3 §6). */
export function upgradeOptionsFor(tier: Tier): Array<'premium' | 'enterprise'> {
  if (tier === 'enterprise') return [];
  if (tier === 'premium') return ['enterprise'];
  return ['premium', 'enterprise'];
}

/** Manage Billing is disabled on free or without a billing customer id. */
export function canManageBilling(user: Pick<User, 'subscriptionTier' | 'stripeCustomerId'>): boolean {
  return user.subscriptionTier !== 'free' && Boolean(user.stripeCustomerId);
}

export function formatPrice(price: number): string {
  return `$${price}`;
}
