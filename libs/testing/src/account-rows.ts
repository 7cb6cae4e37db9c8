import type { DataSource } from 'typeorm';

/**
 * Where a user's id is still found in the given schemas (issue 22: an erased account leaves nothing): every table
 * with a user column (`user_id`, `*_user_id`) holding it, and any uuid or text column equal to it or containing it
 * (`user:<id>` keys, ids inside JSON), except the once-only markers of consumed events (`processed_events`, which hold
 * event ids). Answers `schema.table.column: rows`, empty when the user is gone everywhere.
 */
export async function rowsHoldingUser(dataSource: DataSource, userId: string, schemas: string[]): Promise<Record<string, number>> {
  const columns: { table_schema: string; table_name: string; column_name: string; data_type: string }[] = await dataSource.query(
    `SELECT c.table_schema, c.table_name, c.column_name, c.data_type
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema = ANY($1)
        AND c.table_name NOT IN ('processed_events', 'migrations')
        AND (c.data_type IN ('uuid', 'text', 'character varying', 'character', 'jsonb', 'json', 'ARRAY'))
      ORDER BY 1, 2, 3`,
    [schemas],
  );
  const found: Record<string, number> = {};
  for (const { table_schema: schema, table_name: table, column_name: column, data_type: type } of columns) {
    const where = type === 'uuid' ? `"${column}" = $1::uuid` : `"${column}"::text LIKE '%' || $1 || '%'`;
    const [{ n }]: { n: string }[] = await dataSource.query(`SELECT count(*) AS n FROM "${schema}"."${table}" WHERE ${where}`, [userId]);
    if (Number(n) > 0) found[`${schema}.${table}.${column}`] = Number(n);
  }
  return found;
}

/** The tables of the given schemas that have a user column (`user_id` or `*_user_id`), as `schema.table`. */
export async function tablesWithUserColumn(dataSource: DataSource, schemas: string[]): Promise<string[]> {
  const rows: { t: string }[] = await dataSource.query(
    `SELECT DISTINCT c.table_schema || '.' || c.table_name AS t FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema = ANY($1) AND (c.column_name = 'user_id' OR c.column_name LIKE '%\\_user\\_id') ORDER BY 1`,
    [schemas],
  );
  return rows.map((r) => r.t);
}
