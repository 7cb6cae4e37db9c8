import type { Type } from '@nestjs/common';
import { type HealthReply, healthSubject, type ServiceName } from '@jarvis/contracts';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServiceHarness, startServiceHarness } from './service-harness';

/**
 * What TypeORM would still change to make the database match the entities after all migrations ran. Empty means
 * the migrations and the entities agree; anything else is a drift to fix with a migration.
 */
export async function schemaDrift(dataSource: DataSource): Promise<string[]> {
  const sql = await dataSource.driver.createSchemaBuilder().log();
  return sql.upQueries.map((q) => q.query);
}

/** The tables of a schema, by name. */
export async function schemaTables(dataSource: DataSource, schema: string): Promise<string[]> {
  const rows: { table_name: string }[] = await dataSource.query(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
    [schema],
  );
  return rows.map((r) => r.table_name);
}

/**
 * The schema test of a service, one line in `src/schema.int-spec.ts`: the real service starts on a fresh database,
 * its migrations create exactly what its entities describe, every migration's `down()` runs back to nothing and the
 * history runs again to the same schema, and the service answers its health subject (Postgres and Redis reached).
 */
export function describeSchemaDrift(name: Exclude<ServiceName, 'gateway'>, module: Type<unknown>) {
  describe(`${name} schema`, () => {
    let h: ServiceHarness;
    beforeAll(async () => {
      h = await startServiceHarness(name, module, { label: `${name}-schema` });
    });
    afterAll(() => h?.close());

    it('is created by the migrations exactly as the entities describe it', async () => {
      expect(await schemaDrift(h.dataSource)).toEqual([]);
    });

    it('can be migrated down to nothing and up again, leaving the schema as the entities describe it', async () => {
      const migrations = h.dataSource.migrations.length;
      for (let i = 0; i < migrations; i++) await h.dataSource.undoLastMigration({ transaction: 'each' });
      expect(await schemaTables(h.dataSource, name)).toEqual(['migrations']);
      await h.dataSource.runMigrations({ transaction: 'each' });
      expect(await schemaDrift(h.dataSource)).toEqual([]);
    });

    it('answers its health subject, with Postgres and its Redis connection reached', async () => {
      expect(h.service.subjects).toContain(`${name}.health.check`);
      const reply = await h.rpc.request<HealthReply>(healthSubject(name), {}, h.ctx(null), 5_000);
      expect(reply).toMatchObject({ service: name, status: 'ok', checks: { postgres: 'ok', nats: 'ok', redis: 'ok' } });
    });
  });
}
