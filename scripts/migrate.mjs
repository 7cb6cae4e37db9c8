#!/usr/bin/env node
// npm run db:migrate: runs every service's migrations (each service also runs them at start-up) and exits.
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDatabase } from './lib/infra.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/jarvis';
await ensureDatabase(databaseUrl);

const { openDatabase, loadInfraConfig } = require(join(root, 'libs/platform/dist/index.js'));
const config = { ...loadInfraConfig({ ...process.env, DATABASE_URL: databaseUrl }), DB_POOL_MAX: 1 };
const targets = [
  { schema: 'identity', dir: 'gateway', entities: () => [require(join(root, 'gateway/dist/identity/entities/user.entity.js')).UserEntity], migrations: () => require(join(root, 'gateway/dist/identity/migrations/index.js')).identityMigrations },
  ...['chat', 'voice', 'telephony', 'mail', 'billing', 'notifications', 'calendar'].map((s) => ({
    schema: s,
    entities: () => require(join(root, `services/${s}/dist/entities.js`))[`${s}Entities`],
    migrations: () => require(join(root, `services/${s}/dist/migrations/index.js`))[`${s}Migrations`],
  })),
];
for (const target of targets) {
  const dataSource = await openDatabase(config, { schema: target.schema, entities: target.entities(), migrations: target.migrations() });
  const pending = await dataSource.showMigrations();
  console.log(`${target.schema}: ${pending ? 'migrations pending' : 'up to date'}`);
  await dataSource.destroy();
}
