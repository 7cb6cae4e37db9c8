import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ACCOUNT_PART_SERVICES, type AccountPartService, api, internalApi, type RequestOf } from '@jarvis/contracts';
import { EventBus, JobQueue, RedisConnection, RpcClient, ServiceMetrics } from '@jarvis/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config';
import { IdentityService } from '../identity/identity.service';
import { AccountDeletionsRepository } from './account-deletions.repository';
import { AccountExportsService } from './account-exports.service';
import { ACCOUNT_DELETIONS_PENDING } from './account.metrics';

/**
 * The deletion event's idempotency key: the same for every request to delete one account (JetStream keeps one), and
 * not the user's id itself, which the services' once-only markers would otherwise keep after the account is gone.
 */
export const accountDeletedEventId = (userId: string) => `account-deleted-${createHash('sha256').update(`account-deleted:${userId}`).digest('hex').slice(0, 40)}`;

/** The scheduler that asks the services not done again (its id; the interval is ACCOUNT_DELETION_RETRY_SECONDS). */
const RETRY_SCHEDULER = 'account-deletions-retry';

/**
 * Deleting an account, everywhere. Identity marks the account deleted, ends every session of it on every replica
 * and publishes the durable `evt.identity.account.deleted`; each service erases what it holds (and cleans up at its
 * providers), then reports it (`identity.account-deletions.report`). A service that has not reported is asked again
 * (`<service>.account.erase`) on every tick of a job scheduler until it answers done; once every service has,
 * identity erases the account's own row last. `pendingCount()` is `jarvis_account_deletions_pending`.
 */
@Injectable()
export class AccountDeletionsService implements OnApplicationBootstrap {
  private readonly logger = new Logger(AccountDeletionsService.name);

  constructor(
    private readonly deletions: AccountDeletionsRepository,
    private readonly identity: IdentityService,
    private readonly exports: AccountExportsService,
    private readonly events: EventBus,
    private readonly rpc: RpcClient,
    private readonly jobs: JobQueue,
    private readonly redis: RedisConnection,
    private readonly metrics: ServiceMetrics,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async onApplicationBootstrap() {
    this.metrics.onCollect(ACCOUNT_DELETIONS_PENDING, async (gauge) => gauge.set(await this.pendingCount()));
    // Every replica upserts the same scheduler: each tick runs once.
    await this.jobs.schedule(RETRY_SCHEDULER, { everyMs: this.config.ACCOUNT_DELETION_RETRY_SECONDS * 1000 }, 'identity.retry-account-deletions', {});
  }

  async delete(userId: string, input: RequestOf<typeof api.account.deleteAccount>, from: { ip: string }) {
    await this.identity.confirmDeletion(userId, input, from);
    await this.deletions.start(userId, ACCOUNT_PART_SERVICES);
    await this.identity.markDeleted(userId);
    await this.exports.eraseArchives(userId);
    await this.events.publish('evt.identity.account.deleted', { userId }, accountDeletedEventId(userId));
    return { success: true as const };
  }

  /** A service erased its part: once none is pending, the account's own row goes. */
  async report(userId: string, service: AccountPartService): Promise<{ recorded: boolean }> {
    const pending = await this.deletions.markDone(userId, service);
    if (pending === null) return { recorded: false };
    if (pending.length === 0) await this.finish(userId);
    return { recorded: true };
  }

  /** Asks every service still pending of every open deletion to erase again; finishes the deletions that are done. */
  async retryPending(): Promise<void> {
    for (const deletion of await this.deletions.open()) {
      const errors: string[] = [];
      for (const service of deletion.pendingServices) {
        try {
          const { done } = await this.rpc.call(internalApi[service].accountErase, { userId: deletion.userId }, {
            userId: null, tier: 'free', requestId: `erase-${deletion.userId}`,
          });
          if (done) await this.deletions.markDone(deletion.userId, service);
          else errors.push(`${service}: a provider clean-up is still to be retried`);
        } catch (error) {
          errors.push(`${service}: ${(error as Error).message}`);
        }
      }
      const left = await this.deletions.find(deletion.userId);
      if (left && left.pendingServices.length === 0) await this.finish(deletion.userId);
      else if (left) await this.deletions.noteAttempt(deletion.userId, errors.join('; ') || null);
    }
  }

  /** Deleted accounts whose data is still being erased (the gauge `jarvis_account_deletions_pending`). */
  pendingCount(): Promise<number> {
    return this.deletions.count();
  }

  /** The account's own data, last: its quota counters, then its row (its device secrets, links, exports and this record with it). */
  private async finish(userId: string) {
    await this.eraseQuotaCounters(userId);
    const erased = await this.identity.eraseDeleted(userId);
    if (erased) this.logger.log(`account ${userId} erased everywhere`);
  }

  private async eraseQuotaCounters(userId: string) {
    const pattern = this.redis.key('quota', '*', '*', userId);
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.client.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      if (keys.length) await this.redis.client.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  }
}
