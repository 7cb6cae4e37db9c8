import { Injectable } from '@nestjs/common';
import {
  allEndpoints,
  type Endpoint,
  PlanRequiredError,
  type RequestContext,
  tierAtLeast,
  UnauthenticatedError,
} from '@jarvis/contracts';
import { RpcClient } from '@jarvis/platform';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import Router from 'find-my-way';
import { sendError, validationBody } from '../http/error-response';
import { SessionUsers } from '../identity/session-users';

export function proxiedEndpoints(): Endpoint[] {
  return allEndpoints.filter((e) => e.service !== 'gateway');
}

/**
 * Builds the /api routes of every service from the contracts: authenticate, check the plan, validate with the
 * endpoint's zod schema, forward over NATS with `{ userId, tier, requestId }` and the endpoint's deadline, answer.
 */
@Injectable()
export class ApiProxy {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sessions: SessionUsers,
  ) {}

  /**
   * One lookup in a radix tree (find-my-way, Fastify's router) instead of testing ~110 routes in turn; static
   * segments win over parameters, so `/api/email/status` is never taken for `/api/email/:id`.
   */
  middleware(): RequestHandler {
    const routes = Router<Router.HTTPVersion.V1>({ ignoreTrailingSlash: true });
    for (const endpoint of proxiedEndpoints()) routes.on(endpoint.method, endpoint.path, () => undefined, { endpoint });
    return (req: Request, res: Response, next: NextFunction) => {
      const match = routes.find(req.method as Router.HTTPMethod, req.path);
      if (!match) return next();
      void this.handle((match.store as { endpoint: Endpoint }).endpoint, req, res, match.params as Record<string, string>);
    };
  }

  private async handle(endpoint: Endpoint, req: Request, res: Response, params: Record<string, string>) {
    try {
      const ctx = await this.context(endpoint, req);
      const input = { ...(req.query as object), ...(isObject(req.body) ? req.body : {}), ...params };
      const parsed = endpoint.request.safeParse(input);
      if (!parsed.success) {
        res.status(400).json(validationBody(parsed.error));
        return;
      }
      const result = await this.rpc.call(endpoint, parsed.data, ctx);
      this.respond(endpoint, res, result);
    } catch (error) {
      sendError(res, error);
    }
  }

  private async context(endpoint: Endpoint, req: Request): Promise<RequestContext> {
    const caller = await this.sessions.resolve(req);
    if (endpoint.access === 'public') {
      return { userId: caller?.userId ?? null, tier: caller?.tier ?? 'free', requestId: req.requestId };
    }
    if (!caller) throw new UnauthenticatedError();
    if (typeof endpoint.access === 'object' && !tierAtLeast(caller.tier, endpoint.access.minTier)) {
      const plan = endpoint.access.minTier === 'premium' ? 'Premium or Enterprise' : 'Enterprise';
      throw new PlanRequiredError(`This feature requires the ${plan} plan.`, endpoint.access.minTier);
    }
    return { userId: caller.userId, tier: caller.tier, requestId: req.requestId };
  }

  private respond(endpoint: Endpoint, res: Response, result: unknown) {
    if (endpoint.responseKind === 'redirect') {
      res.redirect(302, (result as { location: string }).location);
    } else if (endpoint.responseKind === 'binary') {
      const { contentType, base64 } = result as { contentType: string; base64: string };
      res.type(contentType).send(Buffer.from(base64, 'base64'));
    } else {
      res.status(endpoint.method === 'POST' && isCreated(endpoint) ? 201 : 200).json(result ?? null);
    }
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A POST to a collection creates a resource. */
function isCreated(endpoint: Endpoint) {
  return endpoint.subject.endsWith('.create');
}
