import { ValidationError, type WebhookReply, type WebhookRequest, type WebhookService, webhookReceivers } from '@jarvis/contracts';
import { Handles, type HandlerInput } from './handler';
import { WEBHOOKS_TOTAL, type WebhookOutcome } from './observability/platform-metrics';
import { currentService } from './observability/service-scope';

/**
 * A provider's request as the gateway received it at `/webhooks/<service><path>`, parsed once. The body is the raw
 * bytes the provider signed; check the signature on them (or on `form()` for Twilio) before trusting anything.
 */
export class IncomingWebhook {
  readonly method: string;
  /** The path after `/webhooks/<service>`, starting with `/` (e.g. `/voice`). */
  readonly path: string;
  /** The raw query string without `?` ('' when none). */
  readonly query: string;
  /** The URL the provider called, under PUBLIC_URL: what Twilio's signature covers. */
  readonly url: string;
  /** The forwarded headers (WEBHOOK_FORWARDED_HEADERS), lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body byte for byte. */
  readonly body: Buffer;

  constructor(request: WebhookRequest) {
    this.method = request.method;
    this.path = request.path || '/';
    this.query = request.query ?? '';
    this.url = request.url;
    this.headers = request.headers ?? {};
    this.body = Buffer.from(request.bodyBase64 ?? '', 'base64');
  }

  /** A forwarded header, by any case of its name. */
  header(name: string): string | undefined {
    return this.headers[name.toLowerCase()];
  }

  /** The media type without parameters, lower-case ('' when absent): `application/x-www-form-urlencoded`. */
  get contentType(): string {
    return (this.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
  }

  /** The body as UTF-8 text. */
  text(): string {
    return this.body.toString('utf8');
  }

  /** An `application/x-www-form-urlencoded` body as its fields (the last value of a repeated field), as Twilio posts. */
  form(): Record<string, string> {
    return Object.fromEntries(new URLSearchParams(this.text()));
  }

  /** The query string as its fields. */
  queryParams(): Record<string, string> {
    return Object.fromEntries(new URLSearchParams(this.query));
  }

  /** A JSON body, parsed (unchecked: validate it, or let the provider's SDK parse the raw `body`). */
  json<T = unknown>(): T {
    try {
      return JSON.parse(this.text()) as T;
    } catch {
      throw new ValidationError('The webhook body is not valid JSON');
    }
  }
}

/** Marks a reply that refused the provider's signature (`webhookReply.badSignature`); never sent on the wire. */
const BAD_SIGNATURE = Symbol('jarvis:webhook-bad-signature');

/** Builders for what a webhook handler answers; the gateway sends status, content type and body as they are. */
export const webhookReply = {
  /**
   * A refused signature (Twilio's 403, Stripe's 400): answered like `text`, and counted as `bad_signature` in
   * `jarvis_webhooks_total`.
   */
  badSignature(status: number, text: string): WebhookReply {
    const reply = webhookReply.text(status, text);
    Object.defineProperty(reply, BAD_SIGNATURE, { value: true });
    return reply;
  },
  /** TwiML (a string or twilio's VoiceResponse/MessagingResponse, which print themselves). */
  xml(twiml: string | { toString(): string }, status = 200): WebhookReply {
    return { status, contentType: 'text/xml; charset=utf-8', body: String(twiml) };
  },
  json(value: unknown, status = 200): WebhookReply {
    return { status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(value) };
  },
  text(status: number, text: string): WebhookReply {
    return { status, contentType: 'text/plain; charset=utf-8', body: text };
  },
  /** Bytes, e.g. the audio of a `<Play>`: sent as they are, with their content type. */
  binary(contentType: string, bytes: Buffer, status = 200): WebhookReply {
    return { status, contentType, body: '', bodyBase64: bytes.toString('base64') };
  },
  empty(status = 204): WebhookReply {
    return { status, contentType: 'text/plain; charset=utf-8', body: '' };
  },
};

type WebhookHandlerFn = (webhook: IncomingWebhook) => Promise<WebhookReply> | WebhookReply;

/**
 * Marks a service's webhook handler: it answers `<service>.webhooks.receive` (declared in the contracts' internal
 * subjects) and gets the parsed IncomingWebhook instead of the wire request. One handler per service; it routes on
 * `webhook.path` and checks the provider's signature itself.
 */
export function HandlesWebhook(service: WebhookService) {
  const declaration = webhookReceivers[service];
  const pattern = Handles(declaration);
  return <T extends WebhookHandlerFn>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<T>) => {
    const handler = descriptor.value!;
    const receive = async function (this: unknown, input: HandlerInput<typeof declaration>) {
      const metrics = currentService()?.metrics;
      let outcome: WebhookOutcome = 'error';
      try {
        const reply = await handler.call(this, new IncomingWebhook(input.data));
        outcome = webhookOutcome(reply);
        return reply;
      } finally {
        metrics?.get(WEBHOOKS_TOTAL).inc({ service, outcome });
      }
    };
    Object.defineProperty(receive, 'name', { value: handler.name });
    // Keep what decorators applied before this one (guards, interceptors) put on the original method.
    for (const metadataKey of Reflect.getMetadataKeys(handler)) {
      Reflect.defineMetadata(metadataKey, Reflect.getMetadata(metadataKey, handler), receive);
    }
    const typed = descriptor as unknown as TypedPropertyDescriptor<typeof receive>;
    typed.value = receive;
    pattern(target, key, typed);
  };
}

/** `accepted` for a 2xx or 3xx answer, `bad_signature` for a refused signature, `error` for any other. */
function webhookOutcome(reply: WebhookReply): WebhookOutcome {
  if ((reply as { [BAD_SIGNATURE]?: boolean })[BAD_SIGNATURE]) return 'bad_signature';
  return reply.status < 400 ? 'accepted' : 'error';
}
