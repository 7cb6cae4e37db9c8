import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { Tier } from '@jarvis/contracts';

/** A user's Stripe customer, created once, and the tier their subscriptions give them. */
@Entity({ schema: 'billing', name: 'customers' })
export class CustomerEntity {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId!: string;

  @Column('varchar', { name: 'stripe_customer_id', length: 255, unique: true })
  stripeCustomerId!: string;

  @Column('varchar', { length: 20, default: 'free' })
  tier!: Tier;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
