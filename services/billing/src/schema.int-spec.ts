import { startService, type RunningService } from '@jarvis/platform';
import { createTestEnv, schemaDrift, type TestEnv } from '@jarvis/testing';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from './app.module';

let env: TestEnv;
let service: RunningService;

beforeAll(async () => {
  env = await createTestEnv('billing-schema');
  service = await startService('billing', AppModule);
});
afterAll(async () => {
  await service?.close();
  await env?.dispose();
});

describe('billing schema', () => {
  it('is created by the migrations exactly as the entities describe it', async () => {
    expect(await schemaDrift(service.app.get(DataSource))).toEqual([]);
  });

  it('answers its health subject', async () => {
    expect(service.subjects).toContain('billing.health.check');
  });
});
