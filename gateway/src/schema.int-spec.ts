import { schemaDrift, schemaTables } from '@jarvis/testing';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGateway } from './testing/harness';

let gw: GatewayHarness;

beforeAll(async () => {
  gw = await startGateway('gateway-schema');
});
afterAll(() => gw?.close());

describe('identity schema', () => {
  it('is created by the migrations exactly as the entities describe it', async () => {
    expect(await schemaDrift(gw.app.get(DataSource))).toEqual([]);
  });

  it('can be migrated down to nothing and up again, leaving the schema as the entities describe it', async () => {
    const dataSource = gw.app.get(DataSource);
    for (let i = 0; i < dataSource.migrations.length; i++) await dataSource.undoLastMigration({ transaction: 'each' });
    expect(await schemaTables(dataSource, 'identity')).toEqual(['migrations']);
    await dataSource.runMigrations({ transaction: 'each' });
    expect(await schemaDrift(dataSource)).toEqual([]);
  });
});
