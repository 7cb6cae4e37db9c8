import { type AccountPartService, internalApi } from '@jarvis/contracts';
import type { DataSource, EntityManager, MigrationInterface, QueryRunner } from 'typeorm';
import { runOnce } from '../database/processed-events';
import type { EventBus } from '../events/event-bus';
import { createLogger } from '../logger';
import type { RpcClient } from '../nats/rpc-client';

const log = createLogger('account-lifecycle');

/**
 * Records, in the caller's import transaction, that an archive (its manifest's SHA-256) was imported into an account:
 * false when it already was, and the import then writes nothing. One table a schema, `account_imports`.
 */
export async function recordArchiveImport(manager: EntityManager, schema: string, userId: string, archiveKey: string): Promise<boolean> {
  const inserted: unknown[] = await manager.query(
    `INSERT INTO "${schema}"."account_imports" (user_id, archive_key) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING user_id`,
    [userId, archiveKey],
  );
  return inserted.length > 0;
}

/** The records of the archives imported into a deleted account. */
export async function eraseArchiveImports(manager: EntityManager, schema: string, userId: string): Promise<void> {
  await manager.query(`DELETE FROM "${schema}"."account_imports" WHERE user_id = $1`, [userId]);
}

/** The `account_imports` table of a service's schema, created by a migration of its history. */
export function accountImportsMigration(schema: string, name: string) {
  return class implements MigrationInterface {
    name = name;
    async up(q: QueryRunner) {
      await q.query(`CREATE TABLE "${schema}"."account_imports" (
        user_id uuid NOT NULL,
        archive_key char(64) NOT NULL,
        imported_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, archive_key))`);
    }
    async down(q: QueryRunner) {
      await q.query(`DROP TABLE "${schema}"."account_imports"`);
    }
  };
}

export interface AccountErasure {
  events: EventBus;
  dataSource: DataSource;
  rpc: RpcClient;
  service: AccountPartService;
  /** Erases every row the service holds for the user and cleans up at its providers; `done: false` while a clean-up is to be retried. */
  erase: (userId: string) => Promise<{ done: boolean }>;
}

/**
 * A service's consumer of `evt.identity.account.deleted` (durable `<service>-account-erasure`): erases the user's
 * data, then reports it to identity, once per event (a redelivered event does nothing: the marker commits with the
 * report). A failure (the database, identity unreachable) is redelivered; a provider clean-up still to be retried
 * leaves the report to identity's own retries, which call `<service>.account.erase` until it answers done.
 */
export async function consumeAccountDeletions({ events, dataSource, rpc, service, erase }: AccountErasure): Promise<void> {
  await events.subscribe('evt.identity.account.deleted', `${service}-account-erasure`, async (event) => {
    const { userId } = event.data;
    await runOnce(dataSource, service, `${service}-account-erasure`, event.id, async () => {
      const { done } = await erase(userId);
      if (!done) {
        log.warn({ userId, service }, 'account erased but a provider clean-up is still to be retried; identity asks again');
        return;
      }
      await rpc.call(internalApi.identity.reportAccountErased, { userId, service }, { userId: null, tier: 'free', requestId: event.id });
    });
  });
}
