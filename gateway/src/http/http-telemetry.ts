import {
  histogramMetric,
  LATENCY_BUCKETS,
  otelContext,
  type OtelContext,
  otelPropagation,
  type OtelSpan,
  otelTrace,
  ROOT_CONTEXT,
  type ServiceMetrics,
  SpanKind,
  SpanStatusCode,
  tracer,
  tracingEnabled,
} from '@jarvis/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Every HTTP request the gateway answers, webhooks included, by the route template the router matched (never the
 * path itself, which holds ids): `route="/api/reminders/:id"`, `route="/webhooks/:service/*"`.
 */
export const HTTP_SERVER_DURATION = histogramMetric<'method' | 'route' | 'status_code'>({
  name: 'http_server_request_duration_seconds',
  help: 'HTTP requests answered by the gateway, by method, declared route template and status code',
  labelNames: ['method', 'route', 'status_code'],
  buckets: LATENCY_BUCKETS,
});

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** No route matched (the router's own 404) or the request ended before routing. */
const UNMATCHED = 'unmatched';

interface Traced {
  span: OtelSpan;
  context: OtelContext;
}
const traced = new WeakMap<FastifyRequest, Traced>();

const headerGetter = {
  get: (headers: FastifyRequest['headers'], key: string) => {
    const value = headers[key];
    return Array.isArray(value) ? value[0] : value;
  },
  keys: (headers: FastifyRequest['headers']) => Object.keys(headers),
};

/**
 * Times every request into `http_server_request_duration_seconds`, and when tracing is on makes it the trace's
 * server span (`POST /api/chat`), continuing an incoming W3C `traceparent`. Register first, right after the request
 * context: the span covers the session and every check, and the handler runs inside it, so the NATS request and
 * the log lines it writes belong to it.
 */
export function registerHttpTelemetry(app: FastifyInstance, metrics: ServiceMetrics) {
  const duration = metrics.get(HTTP_SERVER_DURATION);
  app.addHook('onResponse', (req, reply, done) => {
    const method = METHODS.has(req.method) ? req.method : 'OTHER';
    duration.observe({ method, route: routeOf(req), status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    finishSpan(req, reply.statusCode);
    done();
  });
  if (!tracingEnabled()) return;
  app.addHook('onRequest', (req, _reply, done) => {
    const parent = otelPropagation.extract(ROOT_CONTEXT, req.headers, headerGetter);
    const route = routeOf(req);
    const span = tracer().startSpan(
      `${req.method} ${route}`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method, 'http.route': route } },
      parent,
    );
    const context = otelTrace.setSpan(parent, span);
    traced.set(req, { span, context });
    otelContext.with(context, done);
  });
  // The body is read on the socket's own context: enter the request's again before the checks and the handler.
  const reenter = (req: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    const entry = traced.get(req);
    if (entry) otelContext.with(entry.context, done);
    else done();
  };
  app.addHook('preValidation', reenter);
  app.addHook('preHandler', reenter);
  app.addHook('onRequestAbort', (req, done) => {
    finishSpan(req, 499);
    done();
  });
}

/** The trace id of the request's server span, for the `traceId` of a 5xx body; undefined when tracing is off. */
export function traceIdOfRequest(req: FastifyRequest): string | undefined {
  return traced.get(req)?.span.spanContext().traceId;
}

function routeOf(req: FastifyRequest): string {
  return req.routeOptions?.url ?? UNMATCHED;
}

function finishSpan(req: FastifyRequest, status: number) {
  const entry = traced.get(req);
  if (!entry || !entry.span.isRecording()) return;
  entry.span.setAttribute('http.response.status_code', status);
  if (status >= 500) entry.span.setStatus({ code: SpanStatusCode.ERROR });
  entry.span.end();
}
