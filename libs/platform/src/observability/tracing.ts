import { createRequire } from 'node:module';
import {
  type Context,
  context,
  type Link,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
  type Tracer,
} from '@opentelemetry/api';
import { headers as natsHeaders, type MsgHdrs } from 'nats';

/**
 * OpenTelemetry traces, on only when an OTLP endpoint is configured (`OTEL_EXPORTER_OTLP_ENDPOINT` or
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`). Off, no SDK is loaded: this module only holds a flag that every
 * instrumented path checks first, so tracing costs nothing.
 *
 * This file uses the API only; `tracing-sdk.ts` (loaded by `startTracing`) installs the SDK: the context manager,
 * the W3C propagators, the maintained auto-instrumentations (pg, ioredis, http, undici) and one TracerProvider per
 * service (see there).
 */

let enabled = false;

/** Whether spans are being recorded and exported in this process. */
export function tracingEnabled(): boolean {
  return enabled;
}

/** Whether the environment asks for traces: an OTLP endpoint, and neither OTEL_SDK_DISABLED nor OTEL_TRACES_EXPORTER=none. */
export function tracingConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  if ((env.OTEL_SDK_DISABLED ?? '').trim().toLowerCase() === 'true') return false;
  if ((env.OTEL_TRACES_EXPORTER ?? '').trim().toLowerCase() === 'none') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

export interface TracingSdk {
  install(env: NodeJS.ProcessEnv): void;
  flush(): Promise<void>;
}
let sdk: TracingSdk | undefined;

/**
 * Starts the SDK once per process when the environment asks for traces. Called as `@jarvis/platform` loads, before
 * pg and ioredis are required, so their instrumentations see every client; calling it again does nothing.
 */
export function startTracing(env: NodeJS.ProcessEnv = process.env, loadSdk: () => TracingSdk = requireSdk): boolean {
  if (enabled || !tracingConfigured(env)) return enabled;
  sdk = loadSdk();
  sdk.install(env);
  enabled = true;
  return true;
}

/**
 * `startTracing` for a process that is already running (a test turning tracing on with its own receiver): loads the
 * SDK as a module import. Instrumentations patch only what is loaded from then on; the platform's own spans (the
 * gateway's requests, NATS, events, jobs) and outgoing fetches are traced either way.
 */
export async function enableTracing(env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  if (enabled || !tracingConfigured(env)) return enabled;
  const module: TracingSdk = await import('./tracing-sdk');
  return startTracing(env, () => module);
}

/** Exports the spans still buffered (a service closing, a test reading its receiver). */
export async function flushTracing(): Promise<void> {
  await sdk?.flush();
}

/** Loaded only when asked for: a process without an endpoint never loads the SDK. (Tests pass the module.) */
function requireSdk(): TracingSdk {
  return createRequire(__filename)('./tracing-sdk') as TracingSdk;
}

const TRACER_NAME = '@jarvis/platform';

/** The tracer of the service running now (the SDK routes each span to its service's provider). */
export function tracer(): Tracer {
  return trace.getTracer(TRACER_NAME);
}

/** `{ trace_id, span_id }` of the span active now, for log lines; undefined when tracing is off or outside a span. */
export function activeTraceIds(): { trace_id: string; span_id: string } | undefined {
  if (!enabled) return undefined;
  const span = trace.getSpan(context.active());
  if (!span) return undefined;
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/** The trace id of a span (or of the active one), when tracing is on. */
export function traceIdOf(span: Span | undefined = trace.getSpan(context.active())): string | undefined {
  if (!enabled || !span) return undefined;
  const { traceId } = span.spanContext();
  return /^0+$/.test(traceId) ? undefined : traceId;
}

const natsSetter = { set: (carrier: MsgHdrs, key: string, value: string) => carrier.set(key, value) };
const natsGetter = {
  get: (carrier: MsgHdrs | undefined, key: string) => carrier?.get(key) || undefined,
  keys: (carrier: MsgHdrs | undefined) => (carrier ? carrier.keys() : []),
};

/** NATS headers carrying `ctx` (traceparent, tracestate, baggage), merged into `into` when given. */
export function traceHeaders(ctx: Context, into?: MsgHdrs): MsgHdrs {
  const h = into ?? natsHeaders();
  propagation.inject(ctx, h, natsSetter);
  return h;
}

/** The context a message's headers carry (the root context when they carry none). */
export function contextFromHeaders(h: MsgHdrs | undefined): Context {
  return propagation.extract(context.active(), h, natsGetter);
}

/** The W3C carrier of `ctx` as a plain object, for what travels without headers (a BullMQ job's metadata). */
export function traceCarrier(ctx: Context): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier;
}

/** A link to the span context a carrier names, if any: how a job or an event points at the request that caused it. */
export function linkFrom(carrierContext: Context): Link[] {
  const parent = trace.getSpanContext(carrierContext);
  return parent && trace.isSpanContextValid(parent) ? [{ context: parent }] : [];
}

/** Ends a span with the outcome of the work it timed: an error records it and marks the span failed. */
export function endSpan(span: Span, error?: unknown): void {
  if (error !== undefined) {
    span.recordException(error instanceof Error ? { name: error.name, message: error.message } : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : undefined });
  }
  span.end();
}

export type { Context as OtelContext, Span as OtelSpan } from '@opentelemetry/api';
export { context as otelContext, propagation as otelPropagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace as otelTrace };
