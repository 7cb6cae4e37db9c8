#!/usr/bin/env node
'use strict';
/**
 * Exec probe for the NATS-only services (they have no HTTP port).
 *
 *   node k8s/probe/nats-health.cjs <service> [--ready]
 *
 * Sends `<NATS_SUBJECT_PREFIX><service>.health.check` with the RPC envelope every service understands and exits 0
 * when the reply is `{ ok: true, ... }`. With --ready it also requires `data.status === 'ok'` (the service reached
 * its Postgres schema). The service name defaults to SERVICE_NAME.
 *
 * Note: replicas share one NATS queue group, so the request is answered by *a* replica of the service, not
 * necessarily the one in this pod. The probe proves the service is reachable through NATS; a crashed process is
 * caught by Kubernetes anyway because node is the container's main process.
 */
const { connect, JSONCodec } = require('nats');

const args = process.argv.slice(2);
const ready = args.includes('--ready');
const service = args.find((a) => !a.startsWith('--')) || process.env.SERVICE_NAME;
const timeoutMs = Number(process.env.PROBE_TIMEOUT_MS || 2000);

function fail(message) {
  process.stderr.write(`probe ${service || '?'}: ${message}\n`);
  process.exit(1);
}

if (!service) fail('no service name (argument or SERVICE_NAME)');

const timer = setTimeout(() => fail(`no answer within ${timeoutMs} ms`), timeoutMs + 1000);
timer.unref();

(async () => {
  const codec = JSONCodec();
  const nc = await connect({
    servers: process.env.NATS_URL || 'nats://127.0.0.1:4222',
    name: `probe-${service}`,
    timeout: timeoutMs,
    reconnect: false,
  });
  try {
    const subject = `${process.env.NATS_SUBJECT_PREFIX || ''}${service}.health.check`;
    const payload = { ctx: { userId: null, tier: 'free', requestId: 'probe' }, data: {} };
    const msg = await nc.request(subject, codec.encode(payload), { timeout: timeoutMs });
    const reply = codec.decode(msg.data);
    if (!reply || reply.ok !== true) fail(`unexpected reply ${JSON.stringify(reply)}`);
    if (ready && (!reply.data || reply.data.status !== 'ok'))
      fail(`not ready: ${JSON.stringify(reply.data)}`);
  } finally {
    await nc.close().catch(() => undefined);
  }
  process.exit(0);
})().catch((error) => fail(error && error.message ? error.message : String(error)));
