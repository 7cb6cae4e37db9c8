import type { DataSource, EntityManager, MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Runs `effect` once per (consumer, event id): the marker row and the effect commit together, so a redelivered
 * event changes nothing twice. Returns false when the event had already been processed.
 */
export async function runOnce(
  dataSource: DataSource,
  schema: string,
  consumer: string,
  eventId: string,
  effect: (manager: EntityManager) => Promise<void>,
): Promise<boolean> {
  return dataSource.transaction(async (manager) => {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO "${schema}"."processed_events" (consumer, event_id) VALUES ($1, $2)
       ON CONFLICT DO NOTHING RETURNING event_id`,
      [consumer, eventId],
    );
    if (inserted.length === 0) return false;
    await effect(manager);
    return true;
  });
}

/** The processed-events table, created by each service's first migration. */
export function processedEventsMigration(schema: string, name: string) {
  return class implements MigrationInterface {
    name = name;
    async up(q: QueryRunner) {
      await q.query(`CREATE TABLE "${schema}"."processed_events" (
        consumer varchar(100) NOT NULL,
        event_id varchar(200) NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, event_id))`);
    }
    async down(q: QueryRunner) {
      await q.query(`DROP TABLE "${schema}"."processed_events"`);
    }
  };
}
