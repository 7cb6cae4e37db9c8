import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PushSubscriptionEntity } from './entities/push-subscription.entity';
import type { EntityManager } from 'typeorm';

@Injectable()
export class PushRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get repo() {
    return this.dataSource.getRepository(PushSubscriptionEntity);
  }

  /** One row per endpoint: a browser subscribed again (or by another user signing in on it) belongs to the caller. */
  async save(userId: string, subscription: { endpoint: string; p256dh: string; auth: string }) {
    await this.repo.upsert({ userId, ...subscription }, ['endpoint']);
  }

  async remove(userId: string, endpoint: string): Promise<boolean> {
    return ((await this.repo.delete({ userId, endpoint })).affected ?? 0) > 0;
  }

  list(userId: string) {
    return this.repo.findBy({ userId });
  }

  async removeById(userId: string, id: string) {
    await this.repo.delete({ id, userId });
  }

  /** Account lifecycle (issue 22): the user's browsers' subscriptions (their keys are never exported). */
  async eraseUser(manager: EntityManager, userId: string) {
    await manager.getRepository(PushSubscriptionEntity).delete({ userId });
  }
}
