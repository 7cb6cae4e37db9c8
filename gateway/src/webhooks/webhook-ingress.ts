import { Inject, Injectable } from '@nestjs/common';
import {
  type RequestContext,
  WEBHOOK_BODY_LIMIT_BYTES,
  WEBHOOK_FORWARDED_HEADERS,
  WEBHOOK_SERVICES,
  webhookReceivers,
  type WebhookRequest,
  type WebhookService,
} from '@jarvis/contracts';
import { RpcClient } from '@jarvis/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config';
import { sendError } from '../http/error-response';

const services = new Set<string>(WEBHOOK_SERVICES);

/**
 * `ANY /webhooks/<service>/<rest>`: forwards the provider's request untouched to `<service>.webhooks.receive` (raw
 * body byte for byte, the signed headers, and the URL the provider called as PUBLIC_URL knows it) and returns the
 * service's `{ status, contentType, body }` as is. The gateway parses and trusts nothing of it; the owning service
 * checks the signature with its own secret.
 */
@Injectable()
export class WebhookIngress {
  private readonly publicUrl: string;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.publicUrl = config.PUBLIC_URL.replace(/\/$/, '');
  }

  async register(app: FastifyInstance) {
    await app.register(async (scope) => {
      // Every content type arrives as the raw bytes the provider signed.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES }, (_req, body, done) => done(null, body));
      const handler = (req: FastifyRequest, reply: FastifyReply) => this.forward(req, reply);
      scope.all('/webhooks/:service', { bodyLimit: WEBHOOK_BODY_LIMIT_BYTES }, handler);
      scope.all('/webhooks/:service/*', { bodyLimit: WEBHOOK_BODY_LIMIT_BYTES }, handler);
    });
  }

  private async forward(req: FastifyRequest, reply: FastifyReply) {
    const { service } = req.params as { service: string };
    if (!isWebhookService(service)) return reply.code(404).send({ error: 'Not found', code: 'NOT_FOUND' });
    const [pathname, query = ''] = splitUrl(req.url);
    const request: WebhookRequest = {
      method: req.method,
      path: pathname.slice(`/webhooks/${service}`.length) || '/',
      query,
      headers: forwardedHeaders(req),
      bodyBase64: Buffer.isBuffer(req.body) ? req.body.toString('base64') : '',
      url: this.publicUrl + req.url,
    };
    const ctx: RequestContext = { userId: null, tier: 'free', requestId: req.id };
    try {
      const result = await this.rpc.call(webhookReceivers[service], request, ctx);
      const body = result.bodyBase64 !== undefined ? Buffer.from(result.bodyBase64, 'base64') : (result.body ?? '');
      return reply.code(result.status).type(result.contentType || 'text/plain; charset=utf-8').send(body);
    } catch (error) {
      return sendError(reply, error);
    }
  }
}

function isWebhookService(name: string): name is WebhookService {
  return services.has(name);
}

function splitUrl(url: string): [string, string?] {
  const mark = url.indexOf('?');
  return mark === -1 ? [url] : [url.slice(0, mark), url.slice(mark + 1)];
}

function forwardedHeaders(req: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of WEBHOOK_FORWARDED_HEADERS) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
    else if (Array.isArray(value)) headers[name] = value.join(', ');
  }
  return headers;
}
