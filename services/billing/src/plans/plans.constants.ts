import type { Plan, Tier } from '@jarvis/contracts';

/** Outgoing calls a calendar month (America/New_York) per tier; free has none. */
export const OUTGOING_CALLS: Record<Tier, number | 'unlimited'> = { free: 0, premium: 5, enterprise: 'unlimited' };

/** doc3's three plans, prices per month in dollars. */
export const PLANS: Plan[] = [
  {
    tier: 'free',
    name: 'Free',
    description: 'Chat, personalities, read-only mail, calendar with booking links and phone messages.',
    price: 0,
    features: { outgoingCalls: OUTGOING_CALLS.free },
    highlights: ['AI chat', 'Personalities', 'Read-only email', 'Calendar with booking links', 'Phone messages'],
  },
  {
    tier: 'premium',
    name: 'Premium',
    description: 'Everything in Free, plus email management, AI-answered calls and 5 outgoing calls a month.',
    price: 99,
    features: { outgoingCalls: OUTGOING_CALLS.premium },
    highlights: [
      '5 outgoing calls per month',
      'Email management',
      'AI answers your calls',
      'Voice cloning',
      'Dedicated phone number',
      'Advanced memory',
      'Priority support',
    ],
  },
  {
    tier: 'enterprise',
    name: 'Enterprise',
    description: 'Everything in Premium, plus Professor Mode, unlimited outgoing calls and the fastest models.',
    price: 199,
    features: { outgoingCalls: OUTGOING_CALLS.enterprise },
    highlights: [
      'Unlimited outgoing calls',
      'Professor Mode',
      'Priority voice cloning',
      'Fastest models',
      'Dedicated support',
      'Custom integrations',
    ],
  },
];
