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
});

/** DI token of the telephony configuration: `@Inject(TELEPHONY_CONFIG) config: TelephonyConfig`. */
export const TELEPHONY_CONFIG = Symbol('TELEPHONY_CONFIG');
export type TelephonyConfig = z.output<typeof telephonyConfigSchema>;
