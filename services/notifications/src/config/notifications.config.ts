import { infraConfigSchema, optionalSecret } from '@jarvis/platform';
import { z } from 'zod';

/**
 * The notifications service's configuration, read once at start with the infrastructure variables and provided by
 * `ServicePlatformModule.forService({ config })`.
 */
export const notificationsConfigSchema = infraConfigSchema.extend({
  /** Mail delivery, e.g. smtps://user:pass@smtp.example.com; unset keeps support messages stored only. */
  SMTP_URL: optionalSecret.refine((v) => v === undefined || /^smtps?:\/\//.test(v), 'must be a URL like smtps://user:pass@smtp.example.com'),
  /** Where support messages are e-mailed (also their sender). */
  SUPPORT_EMAIL: optionalSecret.refine((v) => v === undefined || /^[^@\s]+@[^@\s]+$/.test(v), 'must be an e-mail address'),
  /** How often each replica looks for wake-up briefings that are due, in ms; 0 turns the poller off here. */
  VOICE_BRIEFING_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /**
   * Wait before a failed channel delivery (push, e-mail, SMS) is tried again, in ms; doubled at each next attempt.
   * The retries are queue jobs on Redis, so they survive a restart.
   */
  NOTIFICATION_RETRY_BACKOFF_MS: z.coerce.number().int().min(1).max(600_000).default(1_000),
  /** Web push signing keys (base64url); both unset: a pair is generated once and kept in the schema. */
  VAPID_PUBLIC_KEY: optionalSecret,
  VAPID_PRIVATE_KEY: optionalSecret,
  /**
   * Push services accepted besides the browsers' own (FCM, Mozilla autopush, Windows, Apple): comma-separated host
   * names, `*.example.com` for its subdomains. A subscription to any other host is refused at subscribe time.
   */
  WEB_PUSH_ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean)),
  /** Who push services may contact about our pushes: mailto: or https: (default mailto:SUPPORT_EMAIL). */
  VAPID_SUBJECT: optionalSecret.refine((v) => v === undefined || /^(mailto:|https:\/\/)/.test(v), 'must be a mailto: or https: URL'),
}).refine((c) => Boolean(c.VAPID_PUBLIC_KEY) === Boolean(c.VAPID_PRIVATE_KEY), {
  message: 'set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither (a pair is then generated and kept)',
  path: ['VAPID_PRIVATE_KEY'],
});

/** DI token of the notifications configuration: `@Inject(NOTIFICATIONS_CONFIG) config: NotificationsConfig`. */
export const NOTIFICATIONS_CONFIG = Symbol('NOTIFICATIONS_CONFIG');
export type NotificationsConfig = z.output<typeof notificationsConfigSchema>;

/** The config for `ServicePlatformModule.forService({ config })`: validated at start, injected by NOTIFICATIONS_CONFIG. */
export const notificationsConfig = { token: NOTIFICATIONS_CONFIG, schema: notificationsConfigSchema };
