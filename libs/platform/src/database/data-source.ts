import { DataSource, type EntitySchema, MigrationExecutor, type MixedList } from 'typeorm';
import type { InfraConfig } from '../config';
import { createLogger } from '../logger';

const log = createLogger('database');

export interface DatabaseOptions {
  /** The Postgres schema this service owns; nothing else reads or writes it. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
}

export function buildDataSource(config: Pick<InfraConfig, 'DATABASE_URL' | 'DB_POOL_MAX'>, options: DatabaseOptions) {
  return new DataSource({
    type: 'postgres',
    url: config.DATABASE_URL,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    extra: { max: config.DB_POOL_MAX, application_name: `jarvis-${options.schema}` },
  });
}

/**
 * Connects, creates the schema and runs pending migrations. An advisory lock per schema makes concurrent replicas
 * wait for each other instead of racing on the same migration.
 */
export async function openDatabase(config: Pick<InfraConfig, 'DATABASE_URL' | 'DB_POOL_MAX'>, options: DatabaseOptions) {
  const dataSource = buildDataSource(config, options);
  await dataSource.initialize();
  const runner = dataSource.createQueryRunner();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`jarvis:migrate:${options.schema}`]);
    await runner.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
    // On the connection that holds the lock, so a pool of one cannot deadlock.
    const executor = new MigrationExecutor(dataSource, runner);
    executor.transaction = 'each';
    const applied = await executor.executePendingMigrations();
    if (applied.length) log.info({ schema: options.schema, migrations: applied.map((m) => m.name) }, 'migrations applied');
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`jarvis:migrate:${options.schema}`]).catch(() => undefined);
    await runner.release();
  }
  return dataSource;
}
