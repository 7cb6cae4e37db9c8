import { randomBytes } from 'node:crypto';
import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { INestMicroservice } from '@nestjs/common';
import { api, type WebhookReply } from '@jarvis/contracts';
import {
  createLogger,
  enableTracing,
  flushTracing,
  Handles,
  type HandlerInput,
  HandlesWebhook,
  type IncomingWebhook,
  NatsTransport,
  PassThroughRpcFilter,
  runAsService,
  tracingEnabled,
  webhookReply,
} from '@jarvis/platform';
import { captureLogs, type LogCapture, type OtlpReceiver, type ReceivedSpan, SPAN_KIND, startOtlpReceiver } from '@jarvis/testing';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGateway, uniqueName } from './testing/harness';

/**
 * One trace follows a request from the gateway into the service that answers it, with the gateway and two services
 * in this one process (as `npm start` runs them), each under its own service name: the gateway's server span, its
 * NATS request as a client span, the handler's server span under it in the owning service, and the log lines and
 * 5xx bodies that name the trace. Spans go over OTLP/HTTP JSON to a receiver in this test.
 */

const log = createLogger('probe');

@Controller()
class ChatStandIn {
  @Handles(api.chat.send)
  send({ data }: HandlerInput<typeof api.chat.send>) {
    log.info('chat stand-in answering');
    if (data.message === 'boom') throw new Error('the stand-in broke');
    return { reply: 'Hello!', actions: [], userMessageId: 'u-1', assistantMessageId: 'a-1' };
  }
}

@Controller()
class TelephonyStandIn {
  @HandlesWebhook('telephony')
  receive(webhook: IncomingWebhook): WebhookReply {
    log.info({ path: webhook.path }, 'telephony stand-in answering');
    return webhookReply.empty(204);
  }
}

@Module({ controllers: [ChatStandIn] })
class ChatModule {}
@Module({ controllers: [TelephonyStandIn] })
class TelephonyModule {}

let receiver: OtlpReceiver;
let gw: GatewayHarness;
let nc: NatsConnection;
const services: INestMicroservice[] = [];
let logs: LogCapture;

/** A stand-in service in this process, started in its own scope like `startService` does. */
function standIn(name: string, module: unknown) {
  return runAsService(name, async () => {
    const transport = new NatsTransport({ queue: `jarvis-${name}`, prefix: gw.env.natsPrefix });
    transport.useConnection(nc);
    const app = await NestFactory.createMicroservice(module as never, { strategy: transport, logger: false });
    app.useGlobalFilters(new PassThroughRpcFilter());
    await app.listen();
    services.push(app);
  });
}

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  Object.assign(process.env, receiver.env);
  expect(await enableTracing()).toBe(true);
  gw = await startGateway('tracing');
  nc = await connect({ servers: gw.env.env.NATS_URL });
  await standIn('chat', ChatModule);
  await standIn('telephony', TelephonyModule);
  logs = captureLogs();
});
afterAll(async () => {
  logs?.stop();
  for (const app of services) await app.close();
  await nc?.close();
  await gw?.close();
  await receiver?.close();
});

async function signedIn() {
  const client = gw.client();
  await client.post('/api/register', { username: uniqueName(), password: 'secret1' });
  return client;
}

/** The spans of one trace, once `count` spans of it arrived. */
async function traceOf(traceId: string, names: string[]): Promise<ReceivedSpan[]> {
  await flushTracing();
  const spans = await receiver.waitForSpans(
    (all) => names.every((name) => all.some((s) => s.traceId === traceId && s.name === name)),
    `${names.join(', ')} in trace ${traceId}`,
  );
  return spans.filter((s) => s.traceId === traceId);
}

const named = (spans: ReceivedSpan[], name: string) => {
  const span = spans.find((s) => s.name === name);
  if (!span) throw new Error(`no span '${name}' among ${spans.map((s) => `${s.service}:${s.name}`).join(', ')}`);
  return span;
};

describe('a traced request', () => {
  it('POST /api/chat is one trace: the gateway server span, its NATS client span, and chat handling it under it', async () => {
    expect(tracingEnabled()).toBe(true);
    const client = await signedIn();
    const res = await client.post('/api/chat', { message: 'Hi there' });
    expect(res.status).toBe(200);

    await flushTracing();
    const first = await receiver.waitForSpans((all) => all.some((s) => s.name === 'POST /api/chat'), 'POST /api/chat');
    const traceId = first.find((s) => s.name === 'POST /api/chat')!.traceId;
    const spans = await traceOf(traceId, ['POST /api/chat', 'chat.messages.send']);
    const root = named(spans, 'POST /api/chat');
    expect(root).toMatchObject({ service: 'gateway', kind: SPAN_KIND.server, parentSpanId: '' });
    expect(root.attributes).toMatchObject({ 'http.route': '/api/chat', 'http.request.method': 'POST', 'http.response.status_code': 200 });
    const clientSpan = spans.find((s) => s.name === 'chat.messages.send' && s.kind === SPAN_KIND.client)!;
    expect(clientSpan).toMatchObject({ service: 'gateway', parentSpanId: root.spanId });
    const handled = spans.find((s) => s.name === 'chat.messages.send' && s.kind === SPAN_KIND.server)!;
    expect(handled).toMatchObject({ service: 'chat', parentSpanId: clientSpan.spanId });

    // The handler's log line carries the trace and its own span.
    const line = logs.lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'chat stand-in answering' && l.trace_id === traceId);
    expect(line).toMatchObject({ trace_id: traceId, span_id: handled.spanId, service: 'chat' });
  });

  it("continues the caller's W3C traceparent", async () => {
    const client = await signedIn();
    const traceId = randomBytes(16).toString('hex');
    const parent = randomBytes(8).toString('hex');
    const res = await client.request('POST', '/api/chat', { message: 'Hello' }, { traceparent: `00-${traceId}-${parent}-01` });
    expect(res.status).toBe(200);
    const spans = await traceOf(traceId, ['POST /api/chat', 'chat.messages.send']);
    expect(named(spans, 'POST /api/chat').parentSpanId).toBe(parent);
    expect(spans.filter((s) => s.service === 'chat')).toHaveLength(1);
  });

  it('a Twilio status webhook is one trace: the gateway, its NATS request, and telephony handling it', async () => {
    const traceId = randomBytes(16).toString('hex');
    const res = await fetch(`${gw.baseUrl}/webhooks/telephony/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
      body: 'CallSid=CA123&CallStatus=completed',
    });
    expect(res.status).toBe(204);
    const spans = await traceOf(traceId, ['POST /webhooks/:service/*', 'telephony.webhooks.receive']);
    const root = named(spans, 'POST /webhooks/:service/*');
    const clientSpan = spans.find((s) => s.name === 'telephony.webhooks.receive' && s.kind === SPAN_KIND.client)!;
    const handled = spans.find((s) => s.name === 'telephony.webhooks.receive' && s.kind === SPAN_KIND.server)!;
    expect(root.service).toBe('gateway');
    expect(clientSpan.parentSpanId).toBe(root.spanId);
    expect(handled).toMatchObject({ service: 'telephony', parentSpanId: clientSpan.spanId });
    const line = logs.lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'telephony stand-in answering' && l.trace_id === traceId);
    expect(line).toMatchObject({ span_id: handled.spanId, service: 'telephony' });
  });

  it('answers a 5xx with the trace id in its { error, code } body', async () => {
    const client = await signedIn();
    const broken = await client.post('/api/chat', { message: 'boom' });
    expect(broken.status).toBe(500);
    expect(broken.body).toMatchObject({ code: 'INTERNAL', traceId: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const spans = await traceOf(broken.body.traceId as string, ['POST /api/chat']);
    expect(named(spans, 'POST /api/chat').statusCode).toBe(2);

    // No service behind it: 503, and the trace id too.
    const unavailable = await client.get('/api/reminders');
    expect(unavailable.status).toBe(503);
    expect(unavailable.body.traceId).toMatch(/^[0-9a-f]{32}$/);
    // A 4xx names none.
    const refused = await client.post('/api/chat', { message: '' });
    expect(refused.status).toBe(400);
    expect(refused.body.traceId).toBeUndefined();
  });
});
