import type { DiscoveryService } from '@nestjs/core';
import type { WebhookReply, WebhookRequest } from '@jarvis/contracts';
import { webhookReply } from '@jarvis/platform';
import { describe, expect, it } from 'vitest';
import type { TelephonyProvider } from './telephony.provider';
import { TwilioWebhook, type TwilioWebhookRequest } from './twilio-webhook';
import { TwilioWebhooksHandler } from './twilio-webhooks.handler';

const GOOD = 'good-signature';

class CallRoutes {
  seen: TwilioWebhookRequest[] = [];

  @TwilioWebhook('/voice')
  voice(request: TwilioWebhookRequest) {
    this.seen.push(request);
    return webhookReply.xml('<Response/>');
  }

  @TwilioWebhook('/audio/:id', { signed: false, methods: ['GET', 'HEAD'] })
  audio({ pathParams }: TwilioWebhookRequest) {
    return webhookReply.text(200, `clip ${pathParams.id}`);
  }
}

class Plain {
  hello() {
    return 'not a route';
  }
}

function handlerWith(instances: object[], configured = true) {
  const discovery = { getProviders: () => instances.map((instance) => ({ metatype: instance.constructor, instance })) };
  const twilio = { configured, validSignature: (signature: string) => signature === GOOD };
  const handler = new TwilioWebhooksHandler(discovery as unknown as DiscoveryService, twilio as unknown as TelephonyProvider);
  handler.onModuleInit();
  return handler;
}

function send(handler: TwilioWebhooksHandler, method: string, path: string, form: Record<string, string> = {}, signature?: string) {
  const [route, query = ''] = path.split('?', 2);
  const request: WebhookRequest = {
    method, path: route, query, url: `https://jarvis.test/webhooks/telephony${path}`,
    bodyBase64: Buffer.from(new URLSearchParams(form).toString()).toString('base64'),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(signature && { 'x-twilio-signature': signature }) },
  };
  const receive = handler.receive as unknown as (input: { data: WebhookRequest }) => Promise<WebhookReply>;
  return receive.call(handler, { data: request });
}

describe('the routes the features declare for Twilio', () => {
  it('runs a signed route only after the signature checks out, with the form, the query and the path', async () => {
    const routes = new CallRoutes();
    const handler = handlerWith([routes, new Plain()]);
    expect((await send(handler, 'POST', '/voice', { CallSid: 'CA1' }, 'forged')).status).toBe(403);
    expect((await send(handler, 'POST', '/voice', { CallSid: 'CA1' })).status).toBe(403);
    expect(routes.seen).toEqual([]);
    const reply = await send(handler, 'POST', '/voice?callLogId=7', { CallSid: 'CA1' }, GOOD);
    expect(reply).toMatchObject({ status: 200, body: '<Response/>' });
    expect(routes.seen).toMatchObject([{ form: { CallSid: 'CA1' }, query: { callLogId: '7' }, pathParams: {} }]);
  });

  it('answers an unsigned route for its own methods only; any other method must be signed like the rest', async () => {
    const handler = handlerWith([new CallRoutes()]);
    expect(await send(handler, 'GET', '/audio/abc')).toMatchObject({ status: 200, body: 'clip abc' });
    expect(await send(handler, 'HEAD', '/audio/abc')).toMatchObject({ status: 200 });
    expect((await send(handler, 'POST', '/audio/abc')).status).toBe(403);
    expect((await send(handler, 'POST', '/audio/abc', {}, GOOD)).status).toBe(404);
    expect((await send(handler, 'GET', '/audio/abc/more')).status).toBe(403);
  });

  it('answers 404 to a signed request for a path no feature declares, and 403 to an unsigned one', async () => {
    const handler = handlerWith([new CallRoutes()]);
    expect(await send(handler, 'POST', '/nothing', {}, GOOD)).toMatchObject({ status: 404, body: 'Unknown webhook' });
    expect((await send(handler, 'POST', '/nothing')).status).toBe(403);
  });

  it('answers 503 naming the variables to every signed route while Twilio is not configured, and still plays clips', async () => {
    const handler = handlerWith([new CallRoutes()], false);
    expect((await send(handler, 'POST', '/voice', {}, GOOD)).body).toMatch(/TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN/);
    expect((await send(handler, 'GET', '/audio/abc')).status).toBe(200);
  });

  it('refuses to start with two routes for one path', () => {
    class Again {
      @TwilioWebhook('/voice')
      voice() {
        return webhookReply.empty();
      }
    }
    expect(() => handlerWith([new CallRoutes(), new Again()])).toThrow('Two Twilio webhook routes for /voice');
  });
});
