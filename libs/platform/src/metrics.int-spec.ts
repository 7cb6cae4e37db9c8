import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { Controller, Injectable, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { internal, NotFoundError, returns, webhookSubject, type WebhookReply, type WebhookRequest } from '@jarvis/contracts';
import { closedPortUrl, parseMetrics, scrapeMetrics, type ServiceHarness, startServiceHarness, unboundedLabels } from '@jarvis/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startService } from './bootstrap';
import { EventBus } from './events/event-bus';
import { Handles, type HandlerInput } from './handler';
import { RpcClient } from './nats/rpc-client';
import { MetricsEndpoint, ServicePlatformModule } from './platform.module';
import { ServiceMetrics } from './observability/metrics';
import { providerFetch } from './providers/http';
import { JobProcessor, type JobHandler, PermanentJobFailure } from './queue/job-processor';
import { JobQueue } from './queue/job-queue';
import { QueueModule } from './queue/queue.module';
import { HandlesWebhook, type IncomingWebhook, webhookReply } from './webhooks';
import { providerCall } from './observability/provider-calls';

/**
 * A service's metrics endpoint against the real NATS, Redis, JetStream and Postgres: a probe service (on
 * telephony's name, so it takes telephony's webhooks) exercises every platform series and the test reads them from
 * its `GET /metrics` port, as Prometheus would.
 */

const echo = internal({
  subject: 'probe.metrics.echo', service: 'telephony', access: 'service',
  request: z.object({ text: z.string(), missing: z.boolean().default(false) }),
  response: returns<{ text: string }>(),
});
const callProviders = internal({
  subject: 'probe.metrics.providers', service: 'telephony', access: 'service',
  request: z.object({ url: z.string() }),
  response: returns<{ failed: number }>(),
});
const callOther = internal({
  subject: 'probe.metrics.call-other', service: 'telephony', access: 'service',
  request: z.object({ text: z.string() }),
  response: returns<{ text: string }>(),
});

@Controller()
class ProbeHandler {
  constructor(
    private readonly jobs: JobQueue,
    private readonly rpc: RpcClient,
  ) {}

  @Handles(echo)
  echo({ data }: HandlerInput<typeof echo>) {
    if (data.missing) throw new NotFoundError('Probe');
    return { text: data.text };
  }

  @Handles(callOther)
  async callOther({ ctx, data }: HandlerInput<typeof callOther>) {
    return this.rpc.call(echo, { text: data.text }, ctx);
  }

  /** A provider on the HTTP kit and one on an SDK, both unreachable. */
  @Handles(callProviders)
  async providers({ data }: HandlerInput<typeof callProviders>) {
    let failed = 0;
    await providerFetch({ name: 'Probe Weather', variables: ['PROBE_API_KEY'] }, `${data.url}/data/2.5/weather?q=Paris&appid=secret`).catch(() => failed++);
    await providerCall('probe-sdk', 'messages.create', () => Promise.reject(new Error('refused'))).catch(() => failed++);
    await providerCall('probe-sdk', 'messages.create', () => Promise.resolve('sent'));
    return { failed };
  }

  @HandlesWebhook('telephony')
  receive(webhook: IncomingWebhook): WebhookReply {
    if (webhook.path === '/bad-signature') return webhookReply.badSignature(403, 'Invalid signature');
    if (webhook.path === '/broken') throw new Error('the handler broke');
    if (webhook.path === '/queue') void this.jobs.add('voice.clone-voice', { userId: randomUUID(), cloneId: webhook.queryParams().clone ?? 'ok' });
    return webhookReply.empty(204);
  }
}

@JobProcessor('voice.clone-voice')
class ProbeJob implements JobHandler<'voice.clone-voice'> {
  process = async ({ cloneId }: { cloneId: string }) => {
    if (cloneId === 'fail') throw new PermanentJobFailure('the probe refuses');
    return 'done';
  };
}

/** Lets the slow consumer finish its events (before the service closes, which waits for them). */
let release: () => void = () => undefined;
const released = new Promise<void>((resolve) => (release = resolve));

/** A durable consumer that finishes no event until the test ends, so they stay pending. */
@Injectable()
class SlowConsumer implements OnApplicationBootstrap {
  constructor(private readonly events: EventBus) {}
  async onApplicationBootstrap() {
    await this.events.subscribe('evt.identity.user.registered', 'probe-registered', () => released);
  }
}

@Module({
  imports: [ServicePlatformModule.forService({ name: 'telephony', database: { entities: [], migrations: [] } }), QueueModule.forService()],
  controllers: [ProbeHandler],
  providers: [ProbeJob, SlowConsumer],
})
class ProbeModule {}

let h: ServiceHarness;

beforeAll(async () => {
  h = await startServiceHarness('telephony', ProbeModule, { label: 'metrics' });
});
afterAll(async () => {
  release();
  await h?.close();
});

const scrape = () => scrapeMetrics(h.service.metricsPort);

function webhook(path: string) {
  const request: WebhookRequest = { method: 'POST', path, query: path === '/queue' ? 'clone=fail' : '', headers: {}, bodyBase64: '', url: `https://jarvis.example/webhooks/telephony${path}` };
  return h.rpc.request<WebhookReply>(webhookSubject('telephony'), request, h.ctx(null), 5_000).catch((error: Error) => error);
}

describe("a service's GET /metrics", () => {
  it('serves the Prometheus text format on its own port, with the process metrics, and nothing else there', async () => {
    expect(h.service.metricsPort).toBeGreaterThan(0);
    const metrics = await scrape();
    for (const name of ['process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) expect(metrics.has(name)).toBe(true);
    expect((await fetch(`http://127.0.0.1:${h.service.metricsPort}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${h.service.metricsPort}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('times every request it answers by subject and outcome', async () => {
    const before = await scrape();
    await h.call(echo, { text: 'hi' });
    await h.fail(echo, { text: 'hi', missing: true });
    const after = await scrape();
    const count = (outcome: string) => after.value('jarvis_rpc_server_duration_seconds_count', { subject: 'probe.metrics.echo', outcome })
      - before.value('jarvis_rpc_server_duration_seconds_count', { subject: 'probe.metrics.echo', outcome });
    expect(count('ok')).toBe(1);
    expect(count('error')).toBe(1);
    expect(after.value('jarvis_rpc_server_duration_seconds_sum', { subject: 'probe.metrics.echo' })).toBeGreaterThan(0);
  });

  it('times the requests it makes: one call to another service moves the client and the server histograms', async () => {
    const before = await scrape();
    await h.call(callOther, { text: 'hello' });
    const after = await scrape();
    const moved = (name: string, subject: string) =>
      after.value(`${name}_count`, { subject, outcome: 'ok' }) - before.value(`${name}_count`, { subject, outcome: 'ok' });
    expect(moved('jarvis_rpc_client_duration_seconds', 'probe.metrics.echo')).toBe(1);
    expect(moved('jarvis_rpc_server_duration_seconds', 'probe.metrics.echo')).toBe(1);
    expect(moved('jarvis_rpc_server_duration_seconds', 'probe.metrics.call-other')).toBe(1);
  });

  it('counts a request nobody answers as no_responders, and one that misses its deadline as timeout', async () => {
    const rpc = h.get(RpcClient);
    await rpc.request('probe.metrics.nobody', {}, h.ctx(null), 1_000).catch(() => undefined);
    const slow = await h.published('probe.metrics.slow', { reply: () => new Promise((resolve) => setTimeout(() => resolve(null), 500)) });
    await rpc.request('probe.metrics.slow', {}, h.ctx(null), 100).catch(() => undefined);
    await slow.stop();
    const metrics = await scrape();
    expect(metrics.value('jarvis_rpc_client_duration_seconds_count', { subject: 'probe.metrics.nobody', outcome: 'no_responders' })).toBe(1);
    expect(metrics.value('jarvis_rpc_client_duration_seconds_count', { subject: 'probe.metrics.slow', outcome: 'timeout' })).toBe(1);
  });

  it('counts webhooks by outcome: accepted, bad_signature, error', async () => {
    const before = await scrape();
    await webhook('/fine');
    await webhook('/bad-signature');
    await webhook('/broken');
    const after = await scrape();
    for (const outcome of ['accepted', 'bad_signature', 'error']) {
      const labels = { service: 'telephony', outcome };
      expect(after.value('jarvis_webhooks_total', labels) - before.value('jarvis_webhooks_total', labels)).toBe(1);
    }
  });

  it('counts job runs by queue, name and outcome, and reads every queue depth by state at each scrape', async () => {
    const jobs = h.get(JobQueue);
    await jobs.add('voice.clone-voice', { userId: randomUUID(), cloneId: 'ok' });
    await webhook('/queue'); // a job added from a request, which fails for good
    const labels = { queue: 'voice-clones', name: 'voice.clone-voice' };
    const metrics = await h.waitFor(async () => {
      const m = await scrape();
      return m.value('jarvis_jobs_total', { ...labels, outcome: 'completed' }) >= 1 && m.value('jarvis_jobs_total', { ...labels, outcome: 'failed' }) >= 1 && m;
    });
    expect(metrics.value('jarvis_queue_jobs', { queue: 'voice-clones', state: 'failed' })).toBe(1);
    for (const state of ['waiting', 'active', 'delayed', 'prioritized', 'failed']) expect(metrics.has('jarvis_queue_jobs', { queue: 'voice-clones', state })).toBe(true);

    // A delayed job shows at the next scrape: the depth is read from Redis, not counted by this process.
    await jobs.add('voice.clone-voice', { userId: randomUUID(), cloneId: 'later' }, { delayMs: 60_000 });
    expect((await scrape()).value('jarvis_queue_jobs', { queue: 'voice-clones', state: 'delayed' })).toBe(1);
  });

  it('counts provider calls by provider, operation and outcome: a failing call is an error, with no URL or key in a label', async () => {
    const url = await closedPortUrl();
    expect(await h.call(callProviders, { url })).toEqual({ failed: 2 });
    const metrics = await scrape();
    expect(metrics.value('jarvis_provider_requests_total', { provider: 'probe-weather', operation: 'GET /data/2.5/weather', outcome: 'error' })).toBe(1);
    expect(metrics.value('jarvis_provider_requests_total', { provider: 'probe-sdk', operation: 'messages.create', outcome: 'error' })).toBe(1);
    expect(metrics.value('jarvis_provider_requests_total', { provider: 'probe-sdk', operation: 'messages.create', outcome: 'ok' })).toBe(1);
    expect(metrics.value('jarvis_provider_request_duration_seconds_count', { provider: 'probe-weather' })).toBe(1);
    expect(metrics.text).not.toContain('secret');
  });

  it('reports the events each durable consumer has not acknowledged', async () => {
    const events = h.get(EventBus);
    for (let i = 0; i < 3; i++) await events.publish('evt.identity.user.registered', { userId: randomUUID() });
    const metrics = await h.waitFor(async () => {
      const m = await scrape();
      return m.value('jarvis_event_consumer_pending', { stream: 'JARVIS_EVENTS', consumer: 'probe-registered' }) === 3 && m;
    });
    // Labels name the stream and the durable as the code declares them, without the run's prefix.
    expect(metrics.text).not.toContain(h.env.natsPrefix.replace('.', '_'));
  });

  it('keeps two services in one process apart: each its own registry and port', async () => {
    const replica = await h.startReplica();
    try {
      expect(replica.metricsPort).toBeGreaterThan(0);
      expect(replica.metricsPort).not.toBe(h.service.metricsPort);
      expect(replica.metrics).not.toBe(h.service.metrics);
      const before = parseMetrics(await replica.metrics.text()).value('jarvis_rpc_server_duration_seconds_count');
      const mine = (await scrape()).value('jarvis_rpc_server_duration_seconds_count');
      // Each request reaches one replica of the queue group: the two counts together grow by the requests made.
      for (let i = 0; i < 10; i++) await h.call(echo, { text: `${i}` });
      const after = parseMetrics(await replica.metrics.text()).value('jarvis_rpc_server_duration_seconds_count');
      const mineAfter = (await scrape()).value('jarvis_rpc_server_duration_seconds_count');
      expect(after - before + (mineAfter - mine)).toBe(10);
      expect((await scrapeMetrics(replica.metricsPort)).has('process_resident_memory_bytes')).toBe(true);
    } finally {
      await replica.close();
    }
  });

  it('serves a service on the metrics port its start gives it (one process running several services)', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as AddressInfo;
        server.close(() => resolve(free));
      });
    });
    const other = await startService('telephony', ProbeModule, { metricsPort: port });
    try {
      expect(other.metricsPort).toBe(port);
      expect((await scrapeMetrics(port)).has('process_resident_memory_bytes')).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('serves one metrics server however often the application bootstraps (a hybrid HTTP and NATS app does twice)', async () => {
    const endpoint = new MetricsEndpoint(new ServiceMetrics('probe'), 0);
    try {
      await endpoint.onApplicationBootstrap();
      const port = endpoint.boundPort;
      await endpoint.onApplicationBootstrap();
      expect(endpoint.boundPort).toBe(port);
    } finally {
      await endpoint.onApplicationShutdown();
    }
  });

  it('carries no id, number, URL or other unbounded value in any label after all of the above', async () => {
    const metrics = await scrape();
    expect(metrics.samples.length).toBeGreaterThan(50);
    expect(unboundedLabels(metrics.samples)).toEqual([]);
  });
});

describe('unboundedLabels', () => {
  it('finds ids, numbers and URLs in label values', () => {
    const found = unboundedLabels(
      parseMetrics(
        [
          'a{subject="calendar.reminders.list"} 1',
          `a{subject="t1.chat.${randomUUID()}"} 1`,
          'a{to="+15551230001"} 1',
          'a{route="https://api.example.com/x?key=1"} 1',
          'a{consumer="notifications-phone-message-received"} 1',
        ].join('\n'),
      ).samples,
    );
    expect(found).toHaveLength(3);
    expect(found.join()).not.toContain('calendar.reminders.list');
    expect(found.join()).not.toContain('notifications-phone-message-received');
  });
});
