import { startService, type RunningService } from '@jarvis/platform';
import { createTestEnv, schemaDrift, type TestEnv } from '@jarvis/testing';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../src/app.module';

let env: TestEnv;
let service: RunningService;

beforeAll(async () => {
  env = await createTestEnv('chat-migrations');
  service = await startService('chat', AppModule);
});
afterAll(async () => {
  await service?.close();
  await env?.dispose();
});

const tables = async (ds: DataSource) =>
  (await ds.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'chat' ORDER BY table_name`)).map((r: { table_name: string }) => r.table_name);

describe('chat migrations', () => {
  it('can be undone and redone, leaving the schema as the entities describe it', async () => {
    const ds = service.app.get(DataSource);
    expect(await tables(ds)).toEqual(['conversations', 'memories', 'message_feedback', 'messages', 'migrations', 'processed_events', 'quick_response_shortcuts', 'twins', 'user_settings']);
    await ds.undoLastMigration({ transaction: 'each' });
    expect(await tables(ds)).toEqual(['migrations', 'processed_events']);
    await ds.runMigrations({ transaction: 'each' });
    expect(await schemaDrift(ds)).toEqual([]);
  });
});
