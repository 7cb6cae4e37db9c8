import { createTestEnv, type TestEnv } from '@jarvis/testing';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './data-source';

class CreateThings1700000000000 implements MigrationInterface {
  name = 'CreateThings1700000000000';
  async up(q: QueryRunner) {
    await q.query('CREATE TABLE "probe"."things" (id serial PRIMARY KEY)');
  }
  async down(q: QueryRunner) {
    await q.query('DROP TABLE "probe"."things"');
  }
}

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv('datasource');
});
afterAll(() => env?.dispose());

describe('openDatabase', () => {
  it('creates the schema and migrates with a pool of a single connection', async () => {
    const ds = await openDatabase({ DATABASE_URL: env.databaseUrl, DB_POOL_MAX: 1 }, { schema: 'probe', entities: [], migrations: [CreateThings1700000000000] });
    expect(await ds.query('SELECT count(*)::int AS n FROM "probe"."things"')).toEqual([{ n: 0 }]);
    await ds.destroy();
  });

  it('lets replicas that start together apply each migration once', async () => {
    const options = { schema: 'race', entities: [], migrations: [class extends CreateThings1700000000000 {
      async up(q: QueryRunner) { await q.query('CREATE TABLE "race"."things" (id serial PRIMARY KEY)'); }
    }] };
    const replicas = await Promise.all([1, 2, 3].map(() => openDatabase({ DATABASE_URL: env.databaseUrl, DB_POOL_MAX: 2 }, options)));
    expect(await replicas[0].query('SELECT count(*)::int AS n FROM "race"."migrations"')).toEqual([{ n: 1 }]);
    await Promise.all(replicas.map((r) => r.destroy()));
  });
});
