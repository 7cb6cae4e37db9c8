#!/usr/bin/env node
// npm test: builds everything, lints and type-checks, runs every vitest suite (unit and integration against the
// real Postgres, Redis and NATS) and the Playwright browser tests, then prints one closing count line.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', FORCE_COLOR: '0' };
const projects = ['libs/contracts', 'libs/platform', 'libs/testing', 'gateway', 'frontend', 'e2e',
  ...['chat', 'voice', 'telephony', 'mail', 'billing', 'notifications', 'calendar'].map((s) => `services/${s}`)];
const only = process.argv.slice(2); // e.g. `npm test -- unit` runs only the vitest suites

const failures = [];
function step(name, args) {
  if (only.length && !only.includes(name)) return;
  console.log(`\n=== ${name}: nx ${args.join(' ')}`);
  // Nx options go before `--`; what follows it is passed to each project's command.
  const split = args.indexOf('--');
  const nxArgs = split === -1 ? [...args, '--outputStyle=static'] : [...args.slice(0, split), '--outputStyle=static', ...args.slice(split)];
  const res = spawnSync('npx', ['nx', ...nxArgs], { cwd: root, stdio: 'inherit', env });
  if (res.status !== 0) failures.push(name);
}

for (const project of projects) rmSync(join(root, project, 'test-results'), { recursive: true, force: true });

step('build', ['run-many', '-t', 'build']);
if (!failures.includes('build')) {
  step('lint', ['run-many', '-t', 'lint', 'typecheck']);
  step('unit', ['run-many', '-t', 'test', '--', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json']);
  step('e2e', ['run', '@jarvis/e2e:e2e']);
}

let passed = 0;
let failed = 0;
for (const project of projects) {
  const vitest = join(root, project, 'test-results', 'vitest.json');
  if (existsSync(vitest)) {
    const report = JSON.parse(readFileSync(vitest, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
  }
}
const playwright = join(root, 'e2e', 'test-results', 'playwright.json');
if (existsSync(playwright)) {
  const { stats } = JSON.parse(readFileSync(playwright, 'utf8'));
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
}

if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
console.log(`\nTests: ${passed} passed, ${failed} failed`);
process.exit(failures.length || failed ? 1 : passed === 0 ? 1 : 0);
