import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A Stripe customer whose user deleted their account: its rows are gone, and a webhook about it that comes later
 * (the cancellation the erasure asked for, an invoice) is ignored instead of making them again. Holds no user id.
 */
@Entity({ schema: 'billing', name: 'erased_customers' })
export class ErasedCustomerEntity {
  @PrimaryColumn('varchar', { name: 'stripe_customer_id', length: 255 })
  stripeCustomerId!: string;

  @CreateDateColumn({ name: 'erased_at', type: 'timestamptz' })
  erasedAt!: Date;
}
