import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { Tier } from '@jarvis/contracts';

/** The last known state of one Stripe subscription, and the time of the event that told it. */
@Entity({ schema: 'billing', name: 'subscriptions' })
export class SubscriptionEntity {
  @PrimaryColumn('varchar', { name: 'stripe_subscription_id', length: 255 })
  stripeSubscriptionId!: string;

  @Index('subscriptions_user_id_idx')
  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('varchar', { length: 40 })
  status!: string;

  @Column('varchar', { name: 'price_id', length: 255, nullable: true })
  priceId!: string | null;

  /** The tier this subscription gives while active (free when its price is none of ours). */
  @Column('varchar', { length: 20 })
  tier!: Tier;

  /** Stripe's `created` of the subscription: the newer of two active subscriptions wins. */
  @Column('timestamptz', { name: 'subscription_created_at' })
  subscriptionCreatedAt!: Date;

  /** `created` of the newest event applied: an older event never overwrites a newer state. */
  @Column('timestamptz', { name: 'event_created_at' })
  eventCreatedAt!: Date;
}
