import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EventBus, runOnce } from '@jarvis/platform';
import { DataSource } from 'typeorm';
import { UserEntity } from './entities/user.entity';
import { SessionUsers } from './session-users';

/** Billing owns plans; the gateway applies the tier it announces, once per event, so requests carry it. */
@Injectable()
export class TierSyncConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly events: EventBus,
    private readonly dataSource: DataSource,
    private readonly sessions: SessionUsers,
  ) {}

  async onApplicationBootstrap() {
    await this.events.subscribe('evt.billing.tier.changed', 'gateway-tier-sync', async (event) => {
      const { userId, tier, stripeCustomerId } = event.data;
      await runOnce(this.dataSource, 'identity', 'gateway-tier-sync', event.id, async (manager) => {
        const fields: Partial<UserEntity> = { subscriptionTier: tier };
        if (stripeCustomerId) fields.stripeCustomerId = stripeCustomerId;
        await manager.getRepository(UserEntity).update({ id: userId }, fields);
      });
      this.sessions.forget(userId);
    });
  }
}
