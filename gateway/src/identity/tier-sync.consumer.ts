import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { isRowId } from '@jarvis/contracts';
import { EventBus, runOnce } from '@jarvis/platform';
import { DataSource } from 'typeorm';
import { SessionUsers } from './session-users';
import { UsersRepository } from './users.repository';

/** Billing owns plans; the gateway applies the tier it announces, once per event, so requests carry it. */
@Injectable()
export class TierSyncConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly events: EventBus,
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly sessions: SessionUsers,
  ) {}

  async onApplicationBootstrap() {
    await this.events.subscribe('evt.billing.tier.changed', 'gateway-tier-sync', async (event) => {
      const { userId, tier, stripeCustomerId } = event.data;
      // An id that names no user changes nothing; redelivering it would only fail again.
      if (!isRowId(userId)) return;
      await runOnce(this.dataSource, 'identity', 'gateway-tier-sync', event.id, (manager) =>
        this.users.setTier(userId, tier, stripeCustomerId, manager),
      );
      this.sessions.forget(userId);
    });
  }
}
