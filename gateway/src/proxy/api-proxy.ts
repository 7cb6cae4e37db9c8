import { Injectable } from '@nestjs/common';
import {
  allEndpoints,
  type Endpoint,
  parseInput,
  PlanRequiredError,
  type RequestContext,
  tierAtLeast,
  UnauthenticatedError,
} from '@jarvis/contracts';
import { RpcClient } from '@jarvis/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http/error-response';
import { SessionUsers } from '../identity/session-users';
import { QuotaService } from '../quota/quota.service';
import { sendBinary } from './binary-reply';
import { readMultipart } from './multipart-body';
import { relayStream, wantsStream } from './sse-relay';

export function proxiedEndpoints(): Endpoint[] {
  return allEndpoints.filter((e) => e.service !== 'gateway');
}

/**
 * Builds the /api routes of every service from the contracts: authenticate, check the plan, validate with the
 * endpoint's zod schema, forward over NATS with `{ userId, tier, requestId }` and the endpoint's deadline, answer.
 * Each route carries the endpoint's own body limit, so a too-large body is a 413 before anything is read into memory.
 */
@Injectable()
export class ApiProxy {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sessions: SessionUsers,
    private readonly quotas: QuotaService,
  ) {}

  register(app: FastifyInstance) {
    for (const endpoint of proxiedEndpoints()) {
      app.route({
        method: endpoint.method,
        url: endpoint.path,
        bodyLimit: endpoint.bodyLimitBytes,
        handler: (req, reply) => this.handle(endpoint, req, reply),
      });
    }
  }

  private async handle(endpoint: Endpoint, req: FastifyRequest, reply: FastifyReply) {
    try {
      const ctx = await this.context(endpoint, req);
      const data = parseInput(endpoint, await inputOf(endpoint, req, req.params as Record<string, string>));
      // A valid call of an endpoint that declares a quota is charged here, and given back when the call fails.
      return await this.quotas.metered(endpoint, data, ctx, async () => {
        if (endpoint.streams && wantsStream(req)) return await relayStream(this.rpc, endpoint, data, ctx, req, reply);
        const result = await this.rpc.call(endpoint, data, ctx);
        return respond(endpoint, req, reply, result);
      });
    } catch (error) {
      return sendError(reply, error);
    }
  }

  private async context(endpoint: Endpoint, req: FastifyRequest): Promise<RequestContext> {
    const caller = await this.sessions.resolve(req);
    if (endpoint.access === 'public') {
      return { userId: caller?.userId ?? null, tier: caller?.tier ?? 'free', requestId: req.id, clientIp: req.ip };
    }
    if (!caller) throw new UnauthenticatedError(undefined, endpoint.unauthenticatedCode);
    if (typeof endpoint.access === 'object' && !tierAtLeast(caller.tier, endpoint.access.minTier)) {
      const plan = endpoint.access.minTier === 'premium' ? 'Premium or Enterprise' : 'Enterprise';
      throw new PlanRequiredError(`This feature requires the ${plan} plan.`, endpoint.access.minTier);
    }
    return { userId: caller.userId, tier: caller.tier, requestId: req.id };
  }
}

function respond(endpoint: Endpoint, req: FastifyRequest, reply: FastifyReply, result: unknown) {
  if (endpoint.responseKind === 'redirect') return reply.redirect((result as { location: string }).location, 302);
  if (endpoint.responseKind === 'binary') return sendBinary(req, reply, result as { contentType: string; base64: string });
  return reply.code(endpoint.status).send(result ?? null);
}

/**
 * What the endpoint's schema validates: a GET's query string, any other method's body (JSON, or the parsed multipart
 * form of an upload endpoint), and the path parameters over both. A state-changing call never takes its fields from
 * the query string: a link or a cross-site form could put them there.
 */
async function inputOf(endpoint: Endpoint, req: FastifyRequest, params: Record<string, string>): Promise<Record<string, unknown>> {
  if (endpoint.method === 'GET') return { ...(req.query as object), ...params };
  const body = endpoint.bodyKind === 'multipart' ? await readMultipart(req, endpoint) : req.body;
  return { ...(isObject(body) ? body : {}), ...params };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
