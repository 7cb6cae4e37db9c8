import { Injectable } from '@nestjs/common';
import type { Tier } from '@jarvis/contracts';
import { DataSource, type EntityManager, In } from 'typeorm';
import { CustomerEntity } from './entities/customer.entity';
import { SubscriptionEntity } from './entities/subscription.entity';
import { ErasedCustomerEntity } from './entities/erased-customer.entity';

const ACTIVE = ['active', 'trialing'];

@Injectable()
export class BillingRepository {
  constructor(private readonly dataSource: DataSource) {}

  customerOf(userId: string, manager: EntityManager = this.dataSource.manager) {
    return manager.getRepository(CustomerEntity).findOneBy({ userId });
  }

  userOfCustomer(stripeCustomerId: string, manager: EntityManager = this.dataSource.manager) {
    return manager.getRepository(CustomerEntity).findOneBy({ stripeCustomerId });
  }

  /** Keeps the first customer stored for a user and answers it (a concurrent second one changes nothing). */
  async saveCustomer(userId: string, stripeCustomerId: string, manager: EntityManager = this.dataSource.manager): Promise<CustomerEntity> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(CustomerEntity)
      .values({ userId, stripeCustomerId })
      .orIgnore()
      .execute();
    return (await this.customerOf(userId, manager))!;
  }

  subscription(manager: EntityManager, stripeSubscriptionId: string) {
    return manager.getRepository(SubscriptionEntity).findOneBy({ stripeSubscriptionId });
  }

  /** Locks the user's customer row so two events of one user are applied one after the other. */
  async lockCustomer(manager: EntityManager, userId: string) {
    await manager.query(`SELECT 1 FROM "billing"."customers" WHERE user_id = $1 FOR UPDATE`, [userId]);
  }

  saveSubscription(manager: EntityManager, row: SubscriptionEntity) {
    return manager.getRepository(SubscriptionEntity).save(row);
  }

  /** The tier of the user's newest active or trialing subscription that is one of our plans; free without one. */
  async currentTier(manager: EntityManager, userId: string): Promise<Tier> {
    const active = await manager.getRepository(SubscriptionEntity).find({
      where: { userId, status: In(ACTIVE), tier: In(['premium', 'enterprise']) },
      order: { subscriptionCreatedAt: 'DESC' },
      take: 1,
    });
    return active[0]?.tier ?? 'free';
  }

  async setTier(manager: EntityManager, userId: string, tier: Tier) {
    await manager.getRepository(CustomerEntity).update({ userId }, { tier });
  }

  /** Account lifecycle (issue 22): the user's subscriptions as last known, newest first. */
  subscriptionsOf(userId: string) {
    return this.dataSource.getRepository(SubscriptionEntity).find({ where: { userId }, order: { subscriptionCreatedAt: 'DESC' } });
  }

  /** Whether this customer's user deleted their account (its webhooks are ignored). */
  async isErased(stripeCustomerId: string, manager: EntityManager = this.dataSource.manager) {
    return (await manager.getRepository(ErasedCustomerEntity).countBy({ stripeCustomerId })) > 0;
  }

  /** The user's customer marked erased, then their subscriptions and customer removed, in the caller's transaction. */
  async eraseUser(manager: EntityManager, userId: string) {
    const customer = await this.customerOf(userId, manager);
    if (customer) await manager.getRepository(ErasedCustomerEntity).upsert({ stripeCustomerId: customer.stripeCustomerId }, ['stripeCustomerId']);
    await manager.getRepository(SubscriptionEntity).delete({ userId });
    await manager.getRepository(CustomerEntity).delete({ userId });
  }
}
