import { randomUUID } from 'node:crypto';
import { MetricsEndpoint } from '@jarvis/platform';
import { scrapeMetrics, unboundedLabels } from '@jarvis/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGateway, uniqueName } from '../testing/harness';

/**
 * The gateway's GET /metrics on its own port: every request it answers by method, route template and status, and
 * the NATS requests it makes. No service runs behind it here, so every forwarded call finds no responder.
 */

let gw: GatewayHarness;
let port: number;

beforeAll(async () => {
  gw = await startGateway('http-metrics');
  port = gw.app.get(MetricsEndpoint).boundPort!;
});
afterAll(() => gw?.close());

const scrape = () => scrapeMetrics(port);

describe("the gateway's metrics", () => {
  it('are served on a port of their own, not on the public one', async () => {
    expect(port).toBeGreaterThan(0);
    expect(String(port)).not.toBe(new URL(gw.baseUrl).port);
    const pub = await fetch(`${gw.baseUrl}/metrics`);
    expect(pub.headers.get('content-type') ?? '').not.toMatch(/version=0\.0\.4/);
    expect(await pub.text()).not.toContain('http_server_request_duration_seconds');
    expect((await scrape()).has('process_resident_memory_bytes')).toBe(true);
  });

  it('time every request by method, the declared route template (never the path) and status code', async () => {
    const before = await scrape();
    const client = gw.client();
    await client.get('/health');
    const id = randomUUID();
    await client.request('DELETE', `/api/reminders/${id}`); // no session: 401
    await fetch(`${gw.baseUrl}/webhooks/telephony/status`, { method: 'POST', body: 'CallSid=CA1&CallStatus=completed' });
    const after = await scrape();
    const moved = (labels: Record<string, string>) =>
      after.value('http_server_request_duration_seconds_count', labels) - before.value('http_server_request_duration_seconds_count', labels);
    expect(moved({ method: 'GET', route: '/health' })).toBe(1);
    expect(moved({ method: 'DELETE', route: '/api/reminders/:id', status_code: '401' })).toBe(1);
    // Webhooks too: no telephony service answers, so the gateway says 503.
    expect(moved({ method: 'POST', route: '/webhooks/:service/*', status_code: '503' })).toBe(1);
    expect(after.text).not.toContain(id);
  });

  it('time the NATS requests it makes by subject and outcome', async () => {
    const client = gw.client();
    await client.post('/api/register', { username: uniqueName(), password: 'secret1' });
    const before = await scrape();
    expect((await client.get('/api/reminders')).status).toBe(503);
    const after = await scrape();
    const labels = { subject: 'calendar.reminders.list', outcome: 'no_responders' };
    expect(after.value('jarvis_rpc_client_duration_seconds_count', labels) - before.value('jarvis_rpc_client_duration_seconds_count', labels)).toBe(1);
    expect(after.value('http_server_request_duration_seconds_count', { method: 'GET', route: '/api/reminders', status_code: '503' })).toBeGreaterThanOrEqual(1);
  });

  it('carry no id, number, URL or other unbounded value in any label', async () => {
    const client = gw.client();
    for (const path of [`/api/reminders/${randomUUID()}`, `/api/conversations/${randomUUID()}/share`, '/api/nope?token=abc123', `/webhooks/telephony/audio/${randomUUID()}`]) {
      await client.get(path);
    }
    await fetch(`${gw.baseUrl}/webhooks/billing/stripe?x=+15551230001`, { method: 'POST', body: '{}' });
    const metrics = await scrape();
    expect(unboundedLabels(metrics.samples)).toEqual([]);
  });
});
