import { Controller, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { WebhookReply } from '@jarvis/contracts';
import { HandlesWebhook, type IncomingWebhook, webhookReply } from '@jarvis/platform';
import { TelephonyProvider } from './telephony.provider';
import { type TwilioRouteDeclaration, twilioRoutesOf, type TwilioWebhookRequest } from './twilio-webhook';

interface TwilioRoute extends TwilioRouteDeclaration {
  pattern: RegExp;
  params: string[];
  handle: (request: TwilioWebhookRequest) => Promise<WebhookReply> | WebhookReply;
}

/**
 * Every Twilio webhook of the service (`/webhooks/telephony/*`): the routes are declared by the features they belong
 * to with `@TwilioWebhook(path)` (inbound calls, outbound callbacks, texts, the conversation's turns, audio clips),
 * and found here at start-up. The signature is checked here, once, before any signed route runs.
 */
@Controller()
export class TwilioWebhooksHandler implements OnModuleInit {
  private routes: TwilioRoute[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly twilio: TelephonyProvider,
  ) {}

  onModuleInit() {
    this.routes = this.discovery.getProviders().flatMap(({ metatype, instance }) => {
      if (!metatype || !instance) return [];
      return twilioRoutesOf(metatype).map((route) => {
        const params: string[] = [];
        const source = route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_, name: string) => (params.push(name), '([^/]+)'));
        const method = (instance as Record<string | symbol, TwilioRoute['handle']>)[route.method];
        return { ...route, pattern: new RegExp(`^${source}$`), params, handle: method.bind(instance) };
      });
    });
    const paths = this.routes.map((r) => r.path);
    const twice = paths.find((path, i) => paths.indexOf(path) !== i);
    if (twice) throw new Error(`Two Twilio webhook routes for ${twice}`);
  }

  @HandlesWebhook('telephony')
  async receive(webhook: IncomingWebhook): Promise<WebhookReply> {
    const open = this.match(webhook, false);
    if (open) return open.route.handle({ form: {}, query: webhook.queryParams(), pathParams: open.pathParams, webhook });
    const form = webhook.form(); // application/x-www-form-urlencoded, as Twilio posts
    if (!this.twilio.configured) return webhookReply.text(503, 'Twilio is not configured: set TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN');
    if (!this.twilio.validSignature(webhook.header('x-twilio-signature') ?? '', webhook.url, form)) {
      return webhookReply.badSignature(403, 'Invalid signature');
    }
    const signed = this.match(webhook, true);
    if (!signed) return webhookReply.text(404, 'Unknown webhook');
    return signed.route.handle({ form, query: webhook.queryParams(), pathParams: signed.pathParams, webhook });
  }

  /** The route of this path and method among the signed or the unsigned ones. */
  private match(webhook: IncomingWebhook, signed: boolean) {
    for (const route of this.routes) {
      if ((route.signed ?? true) !== signed) continue;
      if (route.methods ? !route.methods.includes(webhook.method) : !signed) continue;
      const found = route.pattern.exec(webhook.path);
      if (found) return { route, pathParams: Object.fromEntries(route.params.map((name, i) => [name, found[i + 1]])) };
    }
    return null;
  }
}
