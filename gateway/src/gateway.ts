import 'reflect-metadata';
import { resolve } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import { DiscoveryService, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DEFAULT_BODY_LIMIT_BYTES } from '@jarvis/contracts';
import {
  JsonNestLogger,
  NATS_CONNECTION,
  NatsTransport,
  PassThroughRpcFilter,
  RedisConnection,
  runAsService,
  ServiceMetrics,
  type ServiceScopeOptions,
  ShutdownGrace,
} from '@jarvis/platform';
import type { NatsConnection } from 'nats';
import type { FastifyInstance } from 'fastify';
import { AppModule } from './app.module';
import { AudioStreamIngress } from './audio-streams/audio-stream-ingress';
import { GATEWAY_CONFIG, type GatewayConfig, loadGatewayConfig } from './config/gateway.config';
import { registerHealthCheck } from './health/health.route';
import { HealthService } from './health/health.service';
import { registerApiDocs } from './http/api-docs';
import { registerBodyTypeRule } from './http/body-type';
import { registerAjaxHeaderRule } from './http/csrf';
import { registerEmptyJsonBody } from './http/empty-json-body';
import { sendError } from './http/error-response';
import { HttpErrorsFilter } from './http/http-exception.filter';
import { registerHttpTelemetry } from './http/http-telemetry';
import { type Admit, declaredRoutes, routeEndpoint } from './http/route';
import { registerRequestContext, requestIdOf } from './http/request-context';
import { registerSecurityHeaders } from './http/security-headers';
import { registerSessions } from './http/session';
import { registerStaticFrontend } from './http/static-frontend';
import { registerUnreadBodyDrain } from './http/unread-body';
import { GoogleAuthRoutes } from './identity/google/google-auth.routes';
import { SessionEndings } from './http/session-endings';
import { SessionUsers } from './identity/session-users';
import { LiveStream } from './live/live-stream';
import { ApiProxy } from './proxy/api-proxy';
import { QuotaLimits } from './quota/quota.config';
import { WebhookIngress } from './webhooks/webhook-ingress';

/** Builds the gateway: one Fastify server for /api, /api/live, /health, /webhooks (and their WebSockets) and the built frontend. */
export function createGateway(options: ServiceScopeOptions = {}): Promise<NestFastifyApplication> {
  // In a scope of its own, like every service (its metrics registry and port, its trace service name); the process
  // may run services beside it. Listening begins outside: `app.get(SERVICE_SCOPE).run(() => app.listen(port))`.
  return runAsService('gateway', buildGateway, options);
}

async function buildGateway(): Promise<NestFastifyApplication> {
  const { TRUST_PROXY } = loadGatewayConfig();
  // A bad QUOTA_<KIND>_<TIER> stops the start naming it, before Nest builds anything (a throwing provider aborts).
  QuotaLimits.fromEnv(process.env);
  const adapter = new FastifyAdapter({
    trustProxy: TRUST_PROXY,
    bodyLimit: DEFAULT_BODY_LIMIT_BYTES,
    genReqId: requestIdOf,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    return503OnClosing: true,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, adapter, {
    // Fastify's own JSON parser (prototype poisoning refused) with each route's body limit; no Nest body parsers.
    bodyParser: false,
    logger: new JsonNestLogger(),
  });
  const config = app.get<GatewayConfig>(GATEWAY_CONFIG);
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  // Nest installs Fastify's error handler and routes every error (Fastify's own too) through this filter.
  app.useGlobalFilters(new HttpErrorsFilter());
  // SIGTERM is main.ts's (exitOnSignal: HTTP and NATS stop taking requests, what is held finishes, exit 0).

  registerRequestContext(fastify);
  // First after the request id: the request's duration and its trace's server span cover every check.
  registerHttpTelemetry(fastify, app.get(ServiceMetrics));
  // Before every hook that may answer: the refusals carry the headers too.
  registerSecurityHeaders(fastify, config);
  registerEmptyJsonBody(fastify);
  registerUnreadBodyDrain(fastify);
  // Both decide on the route the router matched, whatever spelling of the path reached it.
  registerAjaxHeaderRule(fastify);
  registerBodyTypeRule(fastify);
  await registerSessions(fastify, config, app.get(RedisConnection), app.get(SessionEndings));
  await fastify.register(fastifyMultipart, { throwFileSizeLimit: true });
  // Every route lives in this scope with its own error handler (Nest sets the root one at init, for unknown paths).
  await fastify.register(async (scope) => {
    scope.setErrorHandler((error, _req, reply) => sendError(reply, error));
    await app.get(WebhookIngress).register(scope);
    // WebSockets handed to a replica of their service (Twilio Media Streams), authenticated before the upgrade.
    await app.get(AudioStreamIngress).register(scope);
    await app.get(GoogleAuthRoutes).usePassport(scope);
    // Declared endpoints, one way: the gateway's own `@Route` methods, then every service's through the proxy.
    const sessions = app.get(SessionUsers);
    const admit: Admit = (endpoint, req) => sessions.contextFor(endpoint, req);
    for (const route of declaredRoutes(app.get(DiscoveryService))) routeEndpoint(scope, route.endpoint, admit, route.handle);
    app.get(ApiProxy).register(scope, admit);
    // Plumbing without a JSON reply: the live event stream, the API document, /health and the built frontend.
    app.get(LiveStream).register(scope);
    registerApiDocs(scope);
    registerHealthCheck(scope, app.get(HealthService));
    await registerStaticFrontend(scope, config.FRONTEND_DIST ?? resolve(__dirname, '../../frontend/dist'), {
      contractsUrl: config.CONTRACTS_URL,
    });
  });
  // Internal subjects the gateway answers (identity look-ups for other services), in the gateway's queue group.
  const transport = new NatsTransport({ queue: 'jarvis-gateway', prefix: config.NATS_SUBJECT_PREFIX, metrics: app.get(ServiceMetrics) });
  transport.useConnection(app.get<NatsConnection>(NATS_CONNECTION));
  transport.useGrace(app.get(ShutdownGrace));
  // Deferred, so the filter is in place before the listeners are registered (at startAllMicroservices).
  app.connectMicroservice({ strategy: transport }, { inheritAppConfig: false, deferInitialization: true }).useGlobalFilters(new PassThroughRpcFilter());
  await app.init();
  await app.startAllMicroservices();
  return app;
}
