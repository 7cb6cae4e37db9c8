import type { DiscoveryService } from '@nestjs/core';
import { type ContextOf, type Endpoint, parseInput, type RequestContext, type RequestOf } from '@jarvis/contracts';
import { handledSubjects } from '@jarvis/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendBinary } from './binary-reply';
import { sendError } from './error-response';
import { readMultipart } from './multipart-body';

/**
 * What a route method receives: the caller's context (on a signed-in endpoint `userId` is a `string`), the input
 * parsed with the endpoint's schema, and the request and reply (cookies, the session, headers).
 */
export interface RouteInput<E extends Endpoint = Endpoint> {
  ctx: ContextOf<E>;
  userId: ContextOf<E>['userId'];
  data: RequestOf<E>;
  req: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A route answers the endpoint's JSON (with its declared status), `{ location }` on a redirect endpoint (302), or
 * answers itself (an event stream, passport's redirects) and returns the reply, which resolves once it is sent.
 */
export type RouteHandler<E extends Endpoint = Endpoint> = (input: RouteInput<E>) => unknown;

/** Checks a caller against an endpoint's access and gives its context (SessionUsers.contextFor). */
export type Admit = (endpoint: Endpoint, req: FastifyRequest) => Promise<RequestContext>;

const ROUTES = Symbol('jarvis:routes');

interface RouteMethod {
  endpoint: Endpoint;
  key: string | symbol;
}

/**
 * Marks the method that answers a gateway-owned endpoint (`api.identity.login`), on a class listed in any module's
 * providers. Method, path, body limit, who may call it, the input's check and the success status all come from the
 * declaration; the method only does the work:
 *
 * ```ts
 * @Route(api.identity.theme)
 * theme({ userId, data }: RouteInput<typeof api.identity.theme>) {
 *   return this.identity.setTheme(userId, data);
 * }
 * ```
 */
export function Route<E extends Endpoint>(endpoint: E) {
  (handledSubjects() as Set<string>).add(endpoint.subject);
  return <T extends RouteHandler<E>>(target: object, key: string | symbol, _descriptor: TypedPropertyDescriptor<T>) => {
    const routes = (Reflect.getMetadata(ROUTES, target) as RouteMethod[] | undefined) ?? [];
    Reflect.defineMetadata(ROUTES, [...routes, { endpoint, key }], target);
  };
}

/** Every `@Route` method of the application's providers, bound to its instance. */
export function declaredRoutes(discovery: DiscoveryService): { endpoint: Endpoint; handle: RouteHandler }[] {
  return discovery.getProviders().flatMap((wrapper) => {
    const instance: unknown = wrapper.instance;
    if (typeof instance !== 'object' || instance === null) return [];
    const routes = (Reflect.getMetadata(ROUTES, instance) as RouteMethod[] | undefined) ?? [];
    return routes.map(({ endpoint, key }) => {
      const method = (instance as Record<string | symbol, RouteHandler>)[key];
      return { endpoint, handle: (input: RouteInput) => method.call(instance, input) };
    });
  });
}

/**
 * Routes one declared endpoint, the same way for the gateway's own (`@Route`) and every service's (the proxy): the
 * caller is admitted by the endpoint's access (401, 402), the input checked by `parseInput` (400 with the fields, 404
 * for a malformed path id), the handler runs, and its result is answered as the endpoint declares. The route carries
 * the endpoint's own body limit, so a too-large body is a 413 before anything is read into memory.
 */
export function routeEndpoint<E extends Endpoint>(app: FastifyInstance, endpoint: E, admit: Admit, handle: RouteHandler<E>) {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    bodyLimit: endpoint.bodyLimitBytes,
    handler: async (req, reply) => {
      try {
        const ctx = (await admit(endpoint, req)) as ContextOf<E>;
        const data = parseInput(endpoint, await inputOf(endpoint, req));
        const result = await handle({ ctx, userId: ctx.userId, data, req, reply });
        // A handler that answered itself returned the reply, which resolved once it was sent.
        return reply.sent ? reply : respond(endpoint, req, reply, result);
      } catch (error) {
        return sendError(reply, error);
      }
    },
  });
}

/** Answers a result as the endpoint declares it: JSON with its status, a 302 to `location`, or bytes. */
export function respond(endpoint: Endpoint, req: FastifyRequest, reply: FastifyReply, result: unknown) {
  if (endpoint.responseKind === 'redirect') return reply.redirect((result as { location: string }).location, 302);
  if (endpoint.responseKind === 'binary') return sendBinary(req, reply, result as { contentType: string; base64: string });
  return reply.code(endpoint.status).send(result ?? null);
}

/**
 * What the endpoint's schema validates: a GET's query string, any other method's body (JSON, or the parsed multipart
 * form of an upload endpoint), and the path parameters over both. A state-changing call never takes its fields from
 * the query string: a link or a cross-site form could put them there.
 *
 * A body that is not a JSON object (an array, a string) gives a service's endpoint no fields, and is refused by the
 * schema of a gateway-owned endpoint that takes fields (400), as each has always answered it.
 */
async function inputOf(endpoint: Endpoint, req: FastifyRequest): Promise<unknown> {
  const params = req.params as Record<string, string>;
  if (endpoint.method === 'GET') return { ...(req.query as object), ...params };
  const body = endpoint.bodyKind === 'multipart' ? await readMultipart(req, endpoint) : req.body;
  if (isObject(body)) return { ...body, ...params };
  if (body !== undefined && body !== null && endpoint.service === 'gateway' && takesFields(endpoint)) return body;
  return { ...params };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether the endpoint's request has fields: anything but `noInput` (an object schema without any). */
function takesFields(endpoint: Endpoint): boolean {
  const shape = (endpoint.request as { shape?: object }).shape;
  return shape === undefined || Object.keys(shape).length > 0;
}
