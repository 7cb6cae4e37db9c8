import { INTERNAL_SUBJECTS, ValidationError, WEBHOOK_SERVICES, type WebhookRequest, webhookSubject } from '@jarvis/contracts';
import { describe, expect, it } from 'vitest';
import { handledSubjects } from './handler';
import { HandlesWebhook, IncomingWebhook, webhookReply } from './webhooks';

function request(overrides: Partial<WebhookRequest> = {}): WebhookRequest {
  return {
    method: 'POST',
    path: '/sms',
    query: 'a=1&b=two',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', 'x-twilio-signature': 'sig' },
    bodyBase64: Buffer.from('From=%2B15551234567&Body=Hello+there%21&Body2=caf%C3%A9').toString('base64'),
    url: 'https://jarvis.example/webhooks/telephony/sms?a=1&b=two',
    ...overrides,
  };
}

describe('IncomingWebhook', () => {
  it('parses a Twilio form post into its fields and keeps the signed URL and headers', () => {
    const webhook = new IncomingWebhook(request());
    expect(webhook.form()).toEqual({ From: '+15551234567', Body: 'Hello there!', Body2: 'café' });
    expect(webhook.contentType).toBe('application/x-www-form-urlencoded');
    expect(webhook.header('X-Twilio-Signature')).toBe('sig');
    expect(webhook.header('stripe-signature')).toBeUndefined();
    expect(webhook.url).toBe('https://jarvis.example/webhooks/telephony/sms?a=1&b=two');
    expect(webhook.queryParams()).toEqual({ a: '1', b: 'two' });
  });

  it('gives the raw body as bytes and a JSON body parsed', () => {
    const bytes = Buffer.from([0xff, 0x00, 0xfe, 0x80]);
    expect(new IncomingWebhook(request({ bodyBase64: bytes.toString('base64') })).body.equals(bytes)).toBe(true);
    const json = new IncomingWebhook(request({ bodyBase64: Buffer.from('{"type":"invoice.paid","n":1}').toString('base64') }));
    expect(json.json()).toEqual({ type: 'invoice.paid', n: 1 });
  });

  it('refuses a body that is not JSON with a validation error', () => {
    const webhook = new IncomingWebhook(request({ bodyBase64: Buffer.from('not json').toString('base64') }));
    expect(() => webhook.json()).toThrow(ValidationError);
  });

  it('reads an empty body and path as empty', () => {
    const webhook = new IncomingWebhook(request({ bodyBase64: '', path: '', query: '' }));
    expect(webhook.body.length).toBe(0);
    expect(webhook.path).toBe('/');
    expect(webhook.form()).toEqual({});
  });
});

describe('webhookReply', () => {
  it('builds TwiML, JSON, text and empty replies', () => {
    expect(webhookReply.xml('<Response/>')).toEqual({ status: 200, contentType: 'text/xml; charset=utf-8', body: '<Response/>' });
    expect(webhookReply.xml({ toString: () => '<Response><Say>Hi</Say></Response>' }).body).toBe('<Response><Say>Hi</Say></Response>');
    expect(webhookReply.json({ received: true })).toEqual({ status: 200, contentType: 'application/json; charset=utf-8', body: '{"received":true}' });
    expect(webhookReply.json({ error: 'bad' }, 400).status).toBe(400);
    expect(webhookReply.binary('audio/mpeg', Buffer.from([0xff, 0xfb, 0x00]))).toEqual({
      status: 200, contentType: 'audio/mpeg', body: '', bodyBase64: Buffer.from([0xff, 0xfb, 0x00]).toString('base64'),
    });
    expect(webhookReply.text(403, 'Invalid signature')).toEqual({ status: 403, contentType: 'text/plain; charset=utf-8', body: 'Invalid signature' });
    expect(webhookReply.empty()).toMatchObject({ status: 204, body: '' });
  });
});

describe('HandlesWebhook', () => {
  it('registers the service webhook subject, which the contracts declare as internal', () => {
    class Billing {
      @HandlesWebhook('billing')
      receive() {
        return webhookReply.empty();
      }
    }
    expect(Billing).toBeDefined();
    expect(handledSubjects().has('billing.webhooks.receive')).toBe(true);
    for (const service of WEBHOOK_SERVICES) expect(INTERNAL_SUBJECTS).toContain(webhookSubject(service));
  });
});
