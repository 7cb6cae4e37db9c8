import { infraConfigSchema, optionalSecret, optionalUrl, providerBaseUrl } from '@jarvis/platform';
import { z } from 'zod';

/** The telephony service's configuration, read once at start with the infrastructure variables. */
export const telephonyConfigSchema = infraConfigSchema.extend({
  TWILIO_ACCOUNT_SID: optionalSecret,
  TWILIO_AUTH_TOKEN: optionalSecret,
  /** Where the SDK's REST calls go: Twilio itself, or a compatible server (the tests' loopback fake). */
  TWILIO_BASE_URL: providerBaseUrl('https://api.twilio.com'),
  /** The default sending number, and with TWILIO_PHONE_OWNER a one-person install's line. */
  TWILIO_PHONE_NUMBER: optionalSecret,
  TWILIO_PHONE_OWNER: optionalSecret,
  /** The model of premium calls; without a key or base URL, calls are answered with voicemail. */
  OPENAI_API_KEY: optionalSecret,
  /** Any OpenAI-compatible server (the tests' loopback fake); with it set, no key is needed. */
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODEL: optionalSecret.transform((v) => v ?? 'gpt-4o-mini'),
  /** Outbound calls in progress at once across every replica. */
  OUTBOUND_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(5),
  /** Wait before retrying a call the provider refused (doubled at each retry). */
  OUTBOUND_RETRY_BACKOFF_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** A placed call without a final status after this long is failed ('No final status from the provider'). */
  OUTBOUND_MAX_CALL_MS: z.coerce.number().int().min(1_000).max(6 * 3_600_000).default(30 * 60_000),
  /** New York's open-data API (Socrata) with the Powerball draws, for the {{lottery}} scenario variable. */
  LOTTERY_BASE_URL: providerBaseUrl('https://data.ny.gov'),
});

/** DI token of the telephony configuration: `@Inject(TELEPHONY_CONFIG) config: TelephonyConfig`. */
export const TELEPHONY_CONFIG = Symbol('TELEPHONY_CONFIG');
export type TelephonyConfig = z.output<typeof telephonyConfigSchema>;
