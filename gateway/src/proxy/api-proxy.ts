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
import { type Request, type Response, Router } from 'express';
import { sendError, validationBody } from '../http/error-response';
import { SessionUsers } from '../identity/session-users';

/** Routes registered in this order: fewer path parameters first, so `/api/email/status` wins over `/api/email/:id`. */
export function proxiedEndpoints(): Endpoint[] {
  const params = (e: Endpoint) => (e.path.match(/:/g) ?? []).length;
  return allEndpoints.filter((e) => e.service !== 'gateway').sort((a, b) => params(a) - params(b));
}

const METHOD = { GET: 'get', POST: 'post', PUT: 'put', DELETE: 'delete', PATCH: 'patch' } as const;

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

  router(): Router {
    const router = Router();
    for (const endpoint of proxiedEndpoints()) {
      router[METHOD[endpoint.method]](endpoint.path, (req, res) => void this.handle(endpoint, req, res));
    }
    return router;
  }

  private async handle(endpoint: Endpoint, req: Request, res: Response) {
    try {
      const ctx = await this.context(endpoint, req);
      const input = { ...(req.query as object), ...(isObject(req.body) ? req.body : {}), ...req.params };
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
