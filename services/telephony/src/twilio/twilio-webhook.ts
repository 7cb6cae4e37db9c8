import type { WebhookReply } from '@jarvis/contracts';
import type { IncomingWebhook } from '@jarvis/platform';

/** Twilio's form fields of a webhook (and, for our outbound calls, the query we put on the URLs we gave it). */
export type TwilioParams = Record<string, string>;

/** What a route is given: the request, its fields parsed once. */
export interface TwilioWebhookRequest {
  /** The form Twilio posted (application/x-www-form-urlencoded); empty for a GET. */
  form: TwilioParams;
  /** The query of the URL Twilio called (signed with it). */
  query: TwilioParams;
  /** The `:name` segments of the route's path. */
  pathParams: Record<string, string>;
  webhook: IncomingWebhook;
}

export interface TwilioWebhookOptions {
  /**
   * false: answered without Twilio's signature, for what Twilio fetches with a plain GET (the audio of a `<Play>`),
   * and only for `methods`. Every other route is reached only once the signature was checked.
   */
  signed?: boolean;
  /** The methods the route answers (default: any, for a signed route). */
  methods?: string[];
}

export interface TwilioRouteDeclaration extends TwilioWebhookOptions {
  /** Under `/webhooks/telephony`, e.g. `/voice` or `/audio/:id`. */
  path: string;
  method: string | symbol;
}

type RouteMethod = (request: TwilioWebhookRequest) => Promise<WebhookReply> | WebhookReply;

const ROUTES = Symbol('telephony:twilio-webhook-routes');

/**
 * Declares a route of Twilio's webhooks (`/webhooks/telephony<path>`) on a method of a provider of the feature it
 * belongs to (`inbound/inbound.webhooks.ts`). The one webhook handler (`twilio/twilio-webhooks.handler.ts`) finds
 * every declared route at start-up, checks the signature once for all of them, and calls the route's method.
 */
export function TwilioWebhook(path: string, options: TwilioWebhookOptions = {}) {
  return <T extends RouteMethod>(target: object, method: string | symbol, _descriptor: TypedPropertyDescriptor<T>) => {
    const declared = (Reflect.getMetadata(ROUTES, target.constructor) as TwilioRouteDeclaration[] | undefined) ?? [];
    Reflect.defineMetadata(ROUTES, [...declared, { ...options, path, method }], target.constructor);
  };
}

/** The routes a class declares (none for a class without `@TwilioWebhook` methods). */
export function twilioRoutesOf(type: object): TwilioRouteDeclaration[] {
  return (Reflect.getMetadata(ROUTES, type) as TwilioRouteDeclaration[] | undefined) ?? [];
}

/** The URL under PUBLIC_URL that Twilio calls for `path`, e.g. `https://jarvis.example/webhooks/telephony/voice`. */
export function twilioWebhookUrl(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/webhooks/telephony${path}`;
}

/**
 * The wss:// URL of a stream under PUBLIC_URL's host that Twilio connects to for `<Connect><Stream>`, e.g.
 * `wss://jarvis.example/webhooks/telephony/media`: the URL the gateway builds for the signature check, as Twilio signs it.
 */
export function twilioStreamUrl(publicUrl: string, path: string): string {
  const url = new URL(publicUrl);
  return `wss://${url.host}${url.pathname.replace(/\/+$/, '')}/webhooks/telephony${path}`;
}
