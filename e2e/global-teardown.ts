import { createRequire } from 'node:module';

const require = createRequire(__filename);

/** Drops this run's database once the browser tests are done (the system was stopped by Playwright). */
export default async function globalTeardown() {
  if (process.env.E2E_BASE_URL || !process.env.E2E_RUN_ID) return;
  const { Client } = require('pg');
  const admin = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "jarvis_${process.env.E2E_RUN_ID}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
