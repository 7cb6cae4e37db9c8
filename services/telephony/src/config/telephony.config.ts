import { infraConfigSchema, optionalSecret, optionalUrl, providerBaseUrl } from '@jarvis/platform';
import { isSupportedCountry } from 'libphonenumber-js';
import { z } from 'zod';

/** A comma-separated list of the variable, empty or unset meaning none. */
const commaList = (check: (item: string) => boolean, message: (item: string) => string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const items = (v ?? '').split(',').map((item) => item.trim()).filter(Boolean);
      for (const item of items.filter((i) => !check(i))) ctx.addIssue({ code: 'custom', message: message(item) });
      return [...new Set(items)];
    });

/** The telephony service's configuration, read once at start with the infrastructure variables. */
export const telephonyConfigSchema = infraConfigSchema.extend({
  TWILIO_ACCOUNT_SID: optionalSecret,
  TWILIO_AUTH_TOKEN: optionalSecret,
  /** Where the SDK's REST calls go: Twilio itself, or a compatible server (the tests' loopback fake). */
  TWILIO_BASE_URL: providerBaseUrl('https://api.twilio.com'),
  /** The default sending number, and with TWILIO_PHONE_OWNER a one-person install's line. */
  TWILIO_PHONE_NUMBER: optionalSecret,
  TWILIO_PHONE_OWNER: optionalSecret,
  /**
   * The numbers of the Twilio account the operator offers as phone lines (comma-separated E.164): any plan may claim
   * one. No other existing number can be claimed, TWILIO_PHONE_NUMBER never.
   */
  TWILIO_CLAIMABLE_NUMBERS: commaList((n) => /^\+[1-9]\d{6,14}$/.test(n), (n) => `'${n}' is not an E.164 number such as +15551234567`),
  /**
   * Where texts may go (ISO 3166 country codes, comma-separated, e.g. 'US,CA'); unset: the country of
   * TWILIO_PHONE_NUMBER (or of the sending line when that is unset too).
   */
  SMS_ALLOWED_COUNTRIES: commaList(
    (c) => isSupportedCountry(c.toUpperCase()),
    (c) => `'${c}' is not a country code such as US or GB`,
  ).transform((codes) => codes.map((c) => c.toUpperCase())),
  /** Texts the whole installation sends in a day (New York day), every user and channel together. */
  SMS_DAILY_LIMIT: z.coerce.number().int().min(0).max(10_000_000).default(500),
  /** The model of premium calls; without a key or base URL, calls are answered with voicemail. */
  OPENAI_API_KEY: optionalSecret,
  /** Any OpenAI-compatible server (the tests' loopback fake); with it set, no key is needed. */
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODEL: optionalSecret.transform((v) => v ?? 'gpt-4o-mini'),
  /**
   * The Realtime model of streamed calls (e.g. gpt-realtime): premium calls in and every call out are bridged from
   * Twilio Media Streams to it, speech to speech. Unset: calls go turn by turn (<Gather>), as they also do when it
   * cannot be reached.
   */
  OPENAI_REALTIME_MODEL: optionalSecret,
  /** ElevenLabs' streaming speech, for the owner's cloned voice on streamed calls (the voice service keeps the voice). */
  ELEVENLABS_API_KEY: optionalSecret,
  ELEVENLABS_BASE_URL: providerBaseUrl('https://api.elevenlabs.io'),
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
