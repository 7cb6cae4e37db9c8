import { resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against the real system: unless E2E_BASE_URL points at a running Jarvis, `npm start`'s script boots
 * the gateway and all services on port 3100 with a database, NATS prefix and Redis prefix of this run's own, and with
 * Stripe, Twilio, Google and Discord pointed at loopback fakes (fakes/serve-fakes.ts; tests reach them through
 * tests/support/fakes.ts). OpenAI, weather and the other providers stay unconfigured, as on a fresh install.
 */
const runId = process.env.E2E_RUN_ID ?? `e2e${Date.now().toString(36)}`;
process.env.E2E_RUN_ID = runId;
const port = Number(process.env.E2E_PORT ?? 3100);
const external = process.env.E2E_BASE_URL;
export const databaseUrl = `postgres://postgres@127.0.0.1:5432/jarvis_${runId}`;
process.env.E2E_FAKES_FILE ??= resolve(__dirname, 'test-results', `fakes-${runId}.json`);

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results/artifacts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL: external ?? `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: external
    ? undefined
    : {
        command: 'npx tsc -p fakes/tsconfig.json && node fakes/dist/serve-fakes.js',
        url: `http://localhost:${port}/health`,
        timeout: 180_000,
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'pipe',
        gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
        env: {
          PORT: String(port),
          DATABASE_URL: databaseUrl,
          NATS_SUBJECT_PREFIX: `${runId}.`,
          REDIS_PREFIX: `${runId}:`,
          JARVIS_SKIP_BUILD: process.env.JARVIS_SKIP_BUILD ?? '1',
          LOG_LEVEL: 'warn',
          // The browser tests sign up and sign in hundreds of times from 127.0.0.1.
          LOGIN_MAX_FAILURES_PER_IP: '10000',
          SIGNUP_MAX_PER_IP_HOUR: '100000',
        },
      },
});
