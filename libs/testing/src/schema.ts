import type { DataSource } from 'typeorm';

/**
 * What TypeORM would still change to make the database match the entities after all migrations ran. Empty means
 * the migrations and the entities agree; anything else is a drift to fix with a migration.
 */
export async function schemaDrift(dataSource: DataSource): Promise<string[]> {
  const sql = await dataSource.driver.createSchemaBuilder().log();
  return sql.upQueries.map((q) => q.query);
}
