import { randomUUID } from 'node:crypto';
import { Controller, Injectable, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { internal, returns } from '@jarvis/contracts';
import { captureLogs, type LogCapture, type OtlpReceiver, type ReceivedSpan, type ServiceHarness, SPAN_KIND, startOtlpReceiver, startServiceHarness } from '@jarvis/testing';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type RunningService, startService } from './bootstrap';
import { EventBus } from './events/event-bus';
import { Handles, type HandlerInput } from './handler';
import { createLogger } from './logger';
import { RpcClient } from './nats/rpc-client';
import { ServicePlatformModule } from './platform.module';
import { JobProcessor, type JobHandler } from './queue/job-processor';
import { JobQueue } from './queue/job-queue';
import { QueueModule } from './queue/queue.module';
import { enableTracing, flushTracing, otelContext, otelTrace, SpanKind, tracer } from './observability/tracing';

/**
 * Two services in this one process, traced to an OTLP/HTTP JSON receiver: each service's spans carry its own
 * service name although they share one SDK, a request one service makes of the other is one trace (the context in
 * the NATS headers), and the event and the job a request causes run in traces of their own linked to it.
 */

const work = internal({
  subject: 'probe.tracing.work', service: 'chat', access: 'service',
  request: z.object({ userId: z.string() }), response: returns<{ answer: string }>(),
});
const answer = internal({
  subject: 'probe.tracing.answer', service: 'calendar', access: 'service',
  request: z.object({}), response: returns<{ answer: string }>(),
});

const log = createLogger('probe');

@Controller()
class WorkHandler {
  constructor(
    private readonly rpc: RpcClient,
    private readonly events: EventBus,
    private readonly jobs: JobQueue,
    private readonly dataSource: DataSource,
  ) {}

  @Handles(work)
  async work({ ctx, data }: HandlerInput<typeof work>) {
    await this.dataSource.query('SELECT 1');
    await this.events.publish('evt.identity.user.registered', { userId: data.userId });
    await this.jobs.add('voice.clone-voice', { userId: data.userId, cloneId: randomUUID() });
    return this.rpc.call(answer, {}, ctx);
  }
}

@Injectable()
class RegisteredConsumer implements OnApplicationBootstrap {
  constructor(private readonly events: EventBus) {}
  async onApplicationBootstrap() {
    await this.events.subscribe('evt.identity.user.registered', 'probe-tracing', async (event) => {
      log.info({ userId: event.data.userId }, 'probe event handled');
    });
  }
}

@JobProcessor('voice.clone-voice')
class CloneJob implements JobHandler<'voice.clone-voice'> {
  process = async ({ userId }: { userId: string }) => {
    log.info({ userId }, 'probe job ran');
  };
}

@Controller()
class AnswerHandler {
  @Handles(answer)
  answer() {
    log.info('probe answer');
    return { answer: '42' };
  }
}

@Module({
  imports: [ServicePlatformModule.forService({ name: 'chat', database: { entities: [], migrations: [] } }), QueueModule.forService()],
  controllers: [WorkHandler],
  providers: [RegisteredConsumer, CloneJob],
})
class ChatProbe {}

@Module({
  imports: [ServicePlatformModule.forService({ name: 'calendar', database: { entities: [], migrations: [] } })],
  controllers: [AnswerHandler],
})
class CalendarProbe {}

let receiver: OtlpReceiver;
let h: ServiceHarness;
let calendar: RunningService;
let logs: LogCapture;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  Object.assign(process.env, receiver.env);
  expect(await enableTracing()).toBe(true);
  h = await startServiceHarness('chat', ChatProbe, { label: 'tracing' });
  calendar = await startService('calendar', CalendarProbe);
  logs = captureLogs();
});
afterAll(async () => {
  logs?.stop();
  await calendar?.close();
  await h?.close();
  await receiver?.close();
});

const lines = () => logs.lines.map((l) => JSON.parse(l) as Record<string, unknown>);

async function spansWhere(predicate: (spans: ReceivedSpan[]) => boolean, what: string) {
  await flushTracing();
  return receiver.waitForSpans(predicate, what);
}

describe('traces across services in one process', () => {
  it('give each service its own name, one trace for a request from one to the other, and link the event and job it caused', async () => {
    const userId = randomUUID();
    // The caller: a span of the test's own, as the gateway's server span would be.
    const root = tracer().startSpan('test caller', { kind: SpanKind.SERVER });
    const traceId = root.spanContext().traceId;
    await otelContext.with(otelTrace.setSpan(otelContext.active(), root), () => h.rpc.call(work, { userId }, h.ctx(null)));
    root.end();

    const spans = await spansWhere(
      (all) =>
        all.some((s) => s.traceId === traceId && s.name === 'probe.tracing.answer' && s.kind === SPAN_KIND.server) &&
        all.some((s) => s.name === 'process evt.identity.user.registered') &&
        all.some((s) => s.name === 'process voice.clone-voice'),
      'the request, its event and its job',
    );
    const inTrace = spans.filter((s) => s.traceId === traceId);
    const find = (name: string, kind: number) => {
      const span = inTrace.find((s) => s.name === name && s.kind === kind);
      if (!span) throw new Error(`no ${name} (${kind}) among ${inTrace.map((s) => `${s.service}:${s.name}:${s.kind}`).join(', ')}`);
      return span;
    };
    const handled = find('probe.tracing.work', SPAN_KIND.server);
    expect(handled.service).toBe('chat');
    // Postgres, through the maintained instrumentation, as a child of the handler.
    expect(inTrace.find((s) => s.name.startsWith('pg.query'))).toMatchObject({ service: 'chat', kind: SPAN_KIND.client, parentSpanId: handled.spanId });
    const asked = find('probe.tracing.answer', SPAN_KIND.client);
    expect(asked).toMatchObject({ service: 'chat', parentSpanId: handled.spanId });
    const answered = find('probe.tracing.answer', SPAN_KIND.server);
    expect(answered).toMatchObject({ service: 'calendar', parentSpanId: asked.spanId });

    // The event: published in the request's trace, handled in a trace of its own that links back to it.
    const published = find('publish evt.identity.user.registered', SPAN_KIND.producer);
    expect(published).toMatchObject({ service: 'chat', parentSpanId: handled.spanId });
    const consumed = spans.find((s) => s.name === 'process evt.identity.user.registered')!;
    expect(consumed.traceId).not.toBe(traceId);
    expect(consumed.links).toContainEqual({ traceId, spanId: published.spanId });

    // The job: the same, through BullMQ's job metadata.
    const added = find('add voice.clone-voice', SPAN_KIND.producer);
    const ran = spans.find((s) => s.name === 'process voice.clone-voice')!;
    expect(ran).toMatchObject({ service: 'chat', kind: SPAN_KIND.consumer });
    expect(ran.links).toContainEqual({ traceId, spanId: added.spanId });

    // Log lines carry the ids of the span they were written in.
    expect(lines().find((l) => l.msg === 'probe answer')).toMatchObject({ trace_id: traceId, span_id: answered.spanId, service: 'calendar' });
    expect(lines().find((l) => l.msg === 'probe job ran')).toMatchObject({ trace_id: ran.traceId, span_id: ran.spanId, service: 'chat' });
    expect(lines().find((l) => l.msg === 'probe event handled')).toMatchObject({ trace_id: consumed.traceId });
  });

  it('sends no query string or credential of a URL to the tracing backend', async () => {
    const root = tracer().startSpan('test fetch', { kind: SpanKind.INTERNAL });
    await otelContext.with(otelTrace.setSpan(otelContext.active(), root), () =>
      fetch(`${receiver.endpoint}/nowhere?appid=secret-key-123&q=Paris`).catch(() => undefined),
    );
    root.end();
    const spans = await spansWhere((all) => all.some((s) => s.traceId === root.spanContext().traceId && s.kind === SPAN_KIND.client), 'the fetch');
    const fetched = spans.find((s) => s.traceId === root.spanContext().traceId && s.kind === SPAN_KIND.client)!;
    expect(JSON.stringify(fetched.attributes)).not.toContain('secret-key-123');
    expect(fetched.attributes['url.full']).toBe(`${receiver.endpoint}/nowhere`);
  });
});
