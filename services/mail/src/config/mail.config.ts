import { googleConfigShape, infraConfigSchema } from '@jarvis/platform';
import { z } from 'zod';

/**
 * The mail service's configuration, read once at start with the infrastructure variables and provided by
 * `ServicePlatformModule.forService({ config })`.
 */
export const mailConfigSchema = infraConfigSchema.extend({
  /** Google OAuth and the Gmail API (GOOGLE_CLIENT_ID/SECRET, GOOGLE_OAUTH_BASE_URL, GOOGLE_API_BASE_URL, ENCRYPTION_KEY). */
  ...googleConfigShape,
});

/** DI token of the mail configuration: `@Inject(MAIL_CONFIG) config: MailConfig`. */
export const MAIL_CONFIG = Symbol('MAIL_CONFIG');
export type MailConfig = z.output<typeof mailConfigSchema>;

/** The config for `ServicePlatformModule.forService({ config })`: validated at start, injected by MAIL_CONFIG. */
export const mailConfig = { token: MAIL_CONFIG, schema: mailConfigSchema };
