import { Injectable } from '@nestjs/common';
import { allEndpoints, type Endpoint } from '@jarvis/contracts';
import { RpcClient } from '@jarvis/platform';
import type { FastifyInstance } from 'fastify';
import { type Admit, respond, routeEndpoint, type RouteInput } from '../http/route';
import { QuotaService } from '../quota/quota.service';
import { relayStream, wantsStream } from './sse-relay';

export function proxiedEndpoints(): Endpoint[] {
  return allEndpoints.filter((e) => e.service !== 'gateway');
}

/**
 * Builds the /api routes of every service from the contracts (`routeEndpoint`: access, input, body limit, as for the
 * gateway's own routes), and answers each by forwarding it over NATS with `{ userId, tier, requestId }` and the
 * endpoint's deadline.
 */
@Injectable()
export class ApiProxy {
  constructor(
    private readonly rpc: RpcClient,
    private readonly quotas: QuotaService,
  ) {}

  register(app: FastifyInstance, admit: Admit) {
    for (const endpoint of proxiedEndpoints()) routeEndpoint(app, endpoint, admit, (input) => this.forward(endpoint, input));
  }

  private forward(endpoint: Endpoint, { ctx, data, req, reply }: RouteInput) {
    // A valid call of an endpoint that declares a quota is charged here, and given back when the call fails.
    return this.quotas.metered(endpoint, data, ctx, async () => {
      if (endpoint.streams && wantsStream(req)) {
        await relayStream(this.rpc, endpoint, data, ctx, req, reply);
        return reply;
      }
      const result = await this.rpc.call(endpoint, data, ctx);
      return respond(endpoint, req, reply, result);
    });
  }
}
