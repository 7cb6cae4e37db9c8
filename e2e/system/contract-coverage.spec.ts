import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Native require, so the built services and the test share one @jarvis/platform module (and its registry).
const require = createRequire(__filename);
const root = join(__dirname, '..', '..');
const SERVICES = ['chat', 'voice', 'telephony', 'mail', 'billing', 'notifications', 'calendar'];

require('reflect-metadata');
for (const service of SERVICES) require(join(root, 'services', service, 'dist', 'app.module.js'));
require(join(root, 'gateway', 'dist', 'app.module.js'));
const { handledSubjects } = require('@jarvis/platform') as typeof import('@jarvis/platform');
const { allEndpoints, allInternalSubjects, INTERNAL_SUBJECTS } = require('@jarvis/contracts') as typeof import('@jarvis/contracts');

const pendingFile = join(__dirname, 'pending-handlers.json');
/**
 * Declared endpoints and internal subjects whose handler a later issue builds. This list only shrinks; it is empty
 * when all are done. `UPDATE_PENDING_HANDLERS=1` rewrites it from what is missing now.
 */
const pending: string[] = JSON.parse(readFileSync(pendingFile, 'utf8'));

const handled = handledSubjects();
const declared = new Set([...allEndpoints.map((e) => e.subject), ...INTERNAL_SUBJECTS]);
const missing = [
  ...allEndpoints.filter((e) => !handled.has(e.subject)).map((e) => `${e.method} ${e.path} -> ${e.subject}`),
  // Internal subjects (service-to-service calls, webhook receivers, health checks) are declared the same way.
  ...INTERNAL_SUBJECTS.filter((subject) => !handled.has(subject)).map((subject) => `internal -> ${subject}`),
];

describe('contracts and handlers', () => {
  it('every handler answers a declared subject', () => {
    expect([...handled].filter((subject) => !declared.has(subject))).toEqual([]);
  });

  it('every declared endpoint and internal subject has a handler, except the ones listed as pending', () => {
    if (process.env.UPDATE_PENDING_HANDLERS === '1') writeFileSync(pendingFile, `${JSON.stringify(missing.sort(), null, 2)}\n`);
    const total = allEndpoints.length + INTERNAL_SUBJECTS.length;
    console.log(`Declared subjects without a handler yet (${missing.length} of ${total}):\n  ${missing.join('\n  ')}`);
    expect(missing.filter((m) => !pending.includes(m))).toEqual([]);
  });

  it('the pending list names no endpoint that now has a handler (remove it from pending-handlers.json)', () => {
    expect(pending.filter((p) => !missing.includes(p))).toEqual([]);
  });

  it('every endpoint has a unique method and path, and every subject (endpoint or internal) is declared once', () => {
    const routes = allEndpoints.map((e) => `${e.method} ${e.path}`);
    expect(routes.length).toBe(new Set(routes).size);
    const subjects = [...allEndpoints.map((e) => e.subject), ...INTERNAL_SUBJECTS];
    expect(subjects.length).toBe(new Set(subjects).size);
  });

  it('every subject is named <service>.<resource>.<verb> after its owner', () => {
    for (const e of [...allEndpoints, ...allInternalSubjects]) {
      const owner = e.service === 'gateway' ? 'identity' : e.service;
      expect(e.subject, 'path' in e ? e.path : 'internal').toMatch(new RegExp(`^${owner}\\.[a-z-]+\\.[A-Za-z]+$`));
      expect(e.timeoutMs).toBeLessThanOrEqual(30_000);
    }
  });
});
