import { createHash, randomBytes } from 'node:crypto';
import { Controller, Module } from '@nestjs/common';
import { ErrorKind, type RequestContext, type WebhookReply, type WebhookRequest, webhookSubject } from '@jarvis/contracts';
import { createTestEnv, startNatsService, type TestEnv } from '@jarvis/testing';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RpcClient } from './nats/rpc-client';
import { HandlesWebhook, type IncomingWebhook, webhookReply } from './webhooks';

/** A stand-in for telephony's webhook handler: routes on the path, answers what it received. */
@Controller()
class WebhookProbe {
  readonly prefix = 'seen:';

  @HandlesWebhook('telephony')
  receive(webhook: IncomingWebhook): WebhookReply {
    switch (webhook.path) {
      case '/echo':
        return webhookReply.json({
          // `this` is the handler instance, as in any Nest handler.
          note: `${this.prefix}${webhook.method} ${webhook.path}?${webhook.query}`,
          bodyBase64: webhook.body.toString('base64'),
          length: webhook.body.length,
          sha256: createHash('sha256').update(webhook.body).digest('hex'),
          signature: webhook.header('X-Twilio-Signature'),
          url: webhook.url,
        });
      case '/sms':
        return webhookReply.xml(`<Response><Message>Got ${webhook.form().Body}</Message></Response>`);
      case '/json':
        return webhookReply.json({ type: webhook.json<{ type: string }>().type });
      default:
        return webhookReply.text(404, 'No such webhook');
    }
  }
}

@Module({ controllers: [WebhookProbe] })
class ProbeModule {}

let env: TestEnv;
let nc: NatsConnection;
let rpc: RpcClient;
let close: () => Promise<void>;
const ctx: RequestContext = { userId: null, tier: 'free', requestId: 'req-webhook-1' };

beforeAll(async () => {
  env = await createTestEnv('webhooks');
  ({ close } = await startNatsService(ProbeModule, { natsUrl: env.env.NATS_URL, prefix: env.natsPrefix, queue: 'telephony' }));
  nc = await connect({ servers: env.env.NATS_URL });
  rpc = new RpcClient(nc, env.natsPrefix);
});
afterAll(async () => {
  await close?.();
  await nc?.close();
  await env?.dispose();
});

function send(path: string, body: Buffer, headers: Record<string, string> = {}) {
  const request: WebhookRequest = {
    method: 'POST',
    path,
    query: 'x=1',
    headers: { 'content-type': 'application/octet-stream', 'x-twilio-signature': 'c2lnbmF0dXJl', ...headers },
    bodyBase64: body.toString('base64'),
    url: `https://jarvis.example/webhooks/telephony${path}?x=1`,
  };
  return rpc.request<WebhookReply>(webhookSubject('telephony'), request, ctx, 5_000);
}

describe('a @HandlesWebhook handler over NATS', () => {
  it('gets arbitrary bytes (not UTF-8) byte for byte, the signed header and URL, and its reply comes back', async () => {
    const body = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, 0xc3, 0x28, 0x80]), randomBytes(4096)]);
    const reply = await send('/echo', body);
    expect(reply.status).toBe(200);
    expect(reply.contentType).toBe('application/json; charset=utf-8');
    const seen = JSON.parse(reply.body) as Record<string, unknown>;
    expect(Buffer.from(seen.bodyBase64 as string, 'base64').equals(body)).toBe(true);
    expect(seen).toMatchObject({
      note: 'seen:POST /echo?x=1',
      length: body.length,
      sha256: createHash('sha256').update(body).digest('hex'),
      signature: 'c2lnbmF0dXJl',
      url: 'https://jarvis.example/webhooks/telephony/echo?x=1',
    });
  });

  it('carries a body near the 1 MB ingress limit (by reference over NATS) byte for byte', async () => {
    const body = randomBytes(1024 * 1024);
    const seen = JSON.parse((await send('/echo', body)).body) as { sha256: string; length: number };
    expect(seen).toMatchObject({ length: body.length, sha256: createHash('sha256').update(body).digest('hex') });
  });

  it('answers TwiML to a Twilio form post', async () => {
    const reply = await send('/sms', Buffer.from('From=%2B15551234567&Body=caf%C3%A9'), { 'content-type': 'application/x-www-form-urlencoded' });
    expect(reply).toEqual({ status: 200, contentType: 'text/xml; charset=utf-8', body: '<Response><Message>Got café</Message></Response>' });
  });

  it('turns a body that is not JSON into a validation error for the gateway', async () => {
    const error = await send('/json', Buffer.from('{oops')).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: ErrorKind.Validation });
  });

  it('lets the handler answer its own status for a path it does not know', async () => {
    expect(await send('/nowhere', Buffer.alloc(0))).toMatchObject({ status: 404, body: 'No such webhook' });
  });
});
