import { type ServiceName, BACKEND_SERVICES } from './endpoint';

/**
 * Provider webhooks: `ANY /webhooks/<service>/<rest>` reaches the gateway, which forwards the request untouched
 * to `<service>.webhooks.receive`. The owning service checks the provider's signature with its own secret.
 */
export const WEBHOOK_PATH_PREFIX = '/webhooks/';
export const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;
export const webhookSubject = (service: ServiceName) => `${service}.webhooks.receive`;
/** Services that take provider webhooks; any other `/webhooks/<name>` is a 404. */
export const WEBHOOK_SERVICES = ['telephony', 'billing', 'mail', 'calendar'] as const satisfies readonly (typeof BACKEND_SERVICES)[number][];
export type WebhookService = (typeof WEBHOOK_SERVICES)[number];

/** Headers forwarded to the service (the ones providers sign or that describe the body), lower-case. */
export const WEBHOOK_FORWARDED_HEADERS = [
  'content-type',
  'user-agent',
  'x-twilio-signature',
  'stripe-signature',
  'x-goog-channel-id',
  'x-goog-channel-token',
  'x-goog-resource-id',
  'x-goog-resource-state',
  'x-goog-message-number',
  'x-goog-resource-uri',
] as const;

export interface WebhookRequest {
  method: string;
  /** The path after `/webhooks/<service>`, starting with `/` (e.g. `/voice`). */
  path: string;
  /** The raw query string without `?` ('' when none). */
  query: string;
  /** Only WEBHOOK_FORWARDED_HEADERS that were present, lower-case names. */
  headers: Record<string, string>;
  /** The request body byte for byte. */
  bodyBase64: string;
  /** The URL the provider called, built from PUBLIC_URL (never from Host): what signatures cover. */
  url: string;
}

export interface WebhookReply {
  status: number;
  contentType: string;
  body: string;
  /** A binary body (audio Twilio plays on a call), base64; when set, `body` is ignored. */
  bodyBase64?: string;
}
