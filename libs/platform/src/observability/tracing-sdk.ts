import {
  type Context,
  context,
  diag,
  DiagLogLevel,
  propagation,
  type Span,
  type SpanOptions,
  trace,
  type Tracer,
  type TracerOptions,
  type TracerProvider,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter as OtlpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { defaultResource, detectResources, envDetector, hostDetector, processDetector, resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  type ReadableSpan,
  type Span as SdkSpan,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { createLogger } from '../logger';
import { currentService } from './service-scope';

/**
 * The OpenTelemetry SDK of a process, installed by `startTracing` (tracing.ts) only when an OTLP endpoint is set.
 *
 * Why not `@opentelemetry/sdk-node`'s NodeSDK: it builds one TracerProvider with one resource for the whole
 * process, so every span would carry one `service.name`. A process may run several services (the gateway and every
 * service in one Node process, issue 23), and each must appear under its own name. So this keeps the process-wide
 * parts NodeSDK would install (context manager, W3C propagators, auto-instrumentations) and registers as the global
 * provider a router that hands each span to a TracerProvider of the service it is started in: a provider per
 * service, with its own resource (`service.name` = OTEL_SERVICE_NAME, else the service's name) and its own batch
 * exporter. The service is the one whose `runAsService` scope the code runs in (service-scope.ts), so the
 * instrumentations' spans (pg, ioredis, http, undici), which all ask the one global provider, land in the right
 * service too.
 *
 * The standard variables are read by the pieces themselves: OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT, _HEADERS,
 * _TIMEOUT, _COMPRESSION by the exporter; OTEL_EXPORTER_OTLP_(TRACES_)PROTOCOL picks it (`http/protobuf` by
 * default, `http/json`; `grpc` is not built in and falls back to `http/protobuf`, with a warning);
 * OTEL_TRACES_SAMPLER(_ARG) and OTEL_SPAN_* limits by the provider; OTEL_BSP_* by the batch processor;
 * OTEL_RESOURCE_ATTRIBUTES and OTEL_SERVICE_NAME by the resource.
 */

const log = createLogger('tracing');
const FALLBACK_SERVICE = 'jarvis';

let env: NodeJS.ProcessEnv = process.env;
const providers = new Map<string, BasicTracerProvider>();

function providerOf(service: string): BasicTracerProvider {
  let provider = providers.get(service);
  if (!provider) {
    const serviceName = env.OTEL_SERVICE_NAME?.trim() || service;
    const resource = defaultResource()
      .merge(detectResources({ detectors: [envDetector, hostDetector, processDetector] }))
      .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }));
    provider = new BasicTracerProvider({ resource, spanProcessors: [new RedactingProcessor(new BatchSpanProcessor(exporter()))] });
    providers.set(service, provider);
  }
  return provider;
}

function exporter(): SpanExporter {
  const protocol = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL || 'http/protobuf').trim();
  if (protocol === 'http/json') return new OtlpJsonExporter();
  if (protocol !== 'http/protobuf') log.warn({ protocol }, 'OTLP protocol not supported here: exporting with http/protobuf');
  return new OtlpProtobufExporter();
}

/** The service a span belongs to: the scope the code runs in, else the process's (SERVICE_NAME, one service a process). */
function serviceNow(): string {
  return currentService()?.name ?? env.SERVICE_NAME ?? FALLBACK_SERVICE;
}

/** A tracer that starts each span in the TracerProvider of the service running now. */
class ServiceTracer implements Tracer {
  private readonly tracers = new Map<string, Tracer>();

  constructor(
    private readonly name: string,
    private readonly version?: string,
    private readonly options?: TracerOptions,
  ) {}

  private target(): Tracer {
    const service = serviceNow();
    let target = this.tracers.get(service);
    if (!target) this.tracers.set(service, (target = providerOf(service).getTracer(this.name, this.version, this.options)));
    return target;
  }

  startSpan(name: string, options?: SpanOptions, ctx?: Context): Span {
    return this.target().startSpan(name, options, ctx);
  }

  startActiveSpan<F extends (span: Span) => unknown>(...args: [string, F] | [string, SpanOptions, F] | [string, SpanOptions, Context, F]): ReturnType<F> {
    const target = this.target() as unknown as { startActiveSpan: (...a: unknown[]) => ReturnType<F> };
    return target.startActiveSpan(...args);
  }
}

class ServiceRoutingProvider implements TracerProvider {
  private readonly tracers = new Map<string, Tracer>();

  getTracer(name: string, version?: string, options?: TracerOptions): Tracer {
    const key = `${name}@${version ?? ''}`;
    let tracer = this.tracers.get(key);
    if (!tracer) this.tracers.set(key, (tracer = new ServiceTracer(name, version, options)));
    return tracer;
  }
}

/** Attributes that may hold a URL with a query string: API keys travel there (`appid=`, `apikey=`). */
const URL_ATTRIBUTES = ['url.full', 'http.url', 'url.query', 'http.target'];

/** A URL (or a path with its query) without credentials, query or fragment. */
function redactUrl(value: string): string {
  const mark = value.search(/[?#]/);
  const bare = mark === -1 ? value : value.slice(0, mark);
  return bare.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, '$1');
}

/**
 * Drops what a span must not carry to the tracing backend: URL query strings (provider keys ride there) and userinfo.
 * Checked when the span starts and again when it ends (a hook may set attributes later).
 */
class RedactingProcessor implements SpanProcessor {
  constructor(private readonly next: SpanProcessor) {}

  onStart(span: SdkSpan, parentContext: Context): void {
    redact(span.attributes as Record<string, unknown>);
    this.next.onStart(span, parentContext);
  }

  onEnd(span: ReadableSpan): void {
    redact(span.attributes as Record<string, unknown>);
    this.next.onEnd(span);
  }

  forceFlush(): Promise<void> {
    return this.next.forceFlush();
  }

  shutdown(): Promise<void> {
    return this.next.shutdown();
  }
}

function redact(attributes: Record<string, unknown>) {
  for (const key of URL_ATTRIBUTES) {
    const value = attributes[key];
    if (typeof value !== 'string') continue;
    if (key === 'url.query') attributes[key] = '';
    else attributes[key] = redactUrl(value);
  }
}

export function install(processEnv: NodeJS.ProcessEnv): void {
  env = processEnv;
  diag.setLogger(
    {
      error: (message, ...args) => log.error({ args: args.map(String) }, `otel: ${message}`),
      warn: (message, ...args) => log.warn({ args: args.map(String) }, `otel: ${message}`),
      info: () => undefined,
      debug: () => undefined,
      verbose: () => undefined,
    },
    DiagLogLevel.WARN,
  );
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }));
  trace.setGlobalTracerProvider(new ServiceRoutingProvider());
  registerInstrumentations({
    instrumentations: [
      // Incoming requests are traced by the gateway itself (its route templates, the 5xx trace id); the metrics
      // ports and /health make none. Outgoing ones only inside a traced request: background polling stays quiet.
      new HttpInstrumentation({ disableIncomingRequestInstrumentation: true, requireParentforOutgoingSpans: true }),
      new UndiciInstrumentation({ requireParentforSpans: true }),
      new PgInstrumentation({ requireParentSpan: true }),
      // The command only: keys carry session ids and user ids, values carry anything.
      new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
    ],
  });
}

export async function flush(): Promise<void> {
  await Promise.all([...providers.values()].map((provider) => provider.forceFlush().catch(() => undefined)));
}
