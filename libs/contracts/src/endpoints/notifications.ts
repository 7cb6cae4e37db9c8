import { z } from 'zod';
import { emailAddress, endpoint, idParam, noInput, returns } from '../endpoint';

export const NOTIFICATION_EVENTS = [
  'chat_message', 'phone_call', 'reminder', 'urgent_message', 'callback_request', 'location_trigger',
  'traffic_whisper', 'weather_whisper',
] as const;

export interface Notification {
  id: string;
  type: string;
  title: string;
  message: string;
  read: boolean;
  created_at: string;
}

const channel = z.object({ enabled: z.boolean(), events: z.array(z.enum(NOTIFICATION_EVENTS)).max(NOTIFICATION_EVENTS.length) });
// Strict: an unknown channel (or a typo in one) is a 400, not silently dropped.
export const notificationPreferences = z.strictObject({
  sms: channel.extend({ phoneNumber: z.string().trim().max(30).optional().default('') }).strict(),
  push: channel.strict(),
  email: channel.strict(),
});
export type NotificationPreferences = z.output<typeof notificationPreferences>;

/**
 * The SMS number's verification: nothing is texted to a number until the 6-digit code sent to it is typed back
 * (10 minutes, 5 tries).
 */
export interface SmsVerificationStatus {
  /** The number saved in the preferences that the state is about; null when none is saved. */
  phoneNumber: string | null;
  verified: boolean;
  /** A code was sent and can still be typed (not expired, tries left). */
  codePending: boolean;
  /** When the pending code stops working. */
  expiresAt: string | null;
  /** Wrong codes the pending code still allows. */
  remainingTries: number;
  /** Seconds before another code may be sent; 0: now. */
  resendAfterSeconds: number;
}

/** The code of POST /api/notifications/sms/verify. */
export const smsCodeRequest = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code' })
    .max(20, 'Enter the 6-digit code')
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});

const pushSubscription = z.object({
  endpoint: z.url('endpoint must be a URL').max(2_048, 'endpoint must be a URL of at most 2048 characters'),
  expirationTime: z.number().nullable().optional(),
  // Base64url keys of a browser's push subscription: 87 and 22 characters today.
  keys: z.object({ p256dh: z.string().min(1).max(512), auth: z.string().min(1).max(512) }),
});

const latLon = { lat: z.coerce.number().min(-90).max(90), lon: z.coerce.number().min(-180).max(180) };

export const notificationEndpoints = {
  list: endpoint({
    method: 'GET', path: '/api/notifications', service: 'notifications', subject: 'notifications.inbox.list',
    access: 'user', request: noInput, response: returns<Notification[]>(),
  }),
  markAllRead: endpoint({
    method: 'PUT', path: '/api/notifications/mark-all-read', service: 'notifications',
    subject: 'notifications.inbox.markAllRead', access: 'user', request: noInput, response: returns<{ updated: number }>(),
  }),
  preferences: endpoint({
    method: 'GET', path: '/api/notifications/preferences', service: 'notifications',
    subject: 'notifications.preferences.get', access: 'user', request: noInput, response: returns<NotificationPreferences>(),
  }),
  updatePreferences: endpoint({
    method: 'PUT', path: '/api/notifications/preferences', service: 'notifications',
    subject: 'notifications.preferences.update', access: 'user', request: notificationPreferences,
    response: returns<NotificationPreferences>(),
  }),
  smsVerification: endpoint({
    method: 'GET', path: '/api/notifications/sms/verification', service: 'notifications',
    subject: 'notifications.sms-verification.get', access: 'user', request: noInput,
    response: returns<SmsVerificationStatus>(),
  }),
  /** A wrong code is 400 with `remainingTries`; the fifth voids the code (a new one must be requested). */
  verifySms: endpoint({
    method: 'POST', path: '/api/notifications/sms/verify', service: 'notifications',
    subject: 'notifications.sms-verification.verify', access: 'user', request: smsCodeRequest,
    response: returns<SmsVerificationStatus>(),
  }),
  /** Sends a new code to the saved number (rate limited: 429 with Retry-After). */
  resendSmsCode: endpoint({
    method: 'POST', path: '/api/notifications/sms/resend', service: 'notifications',
    subject: 'notifications.sms-verification.resend', access: 'user', request: noInput, timeoutMs: 20_000,
    response: returns<SmsVerificationStatus>(),
  }),
  smartLocation: endpoint({
    method: 'POST', path: '/api/notifications/smart/location', service: 'notifications',
    subject: 'notifications.smart.location', access: 'user', request: z.object(latLon),
    response: returns<{ notifications: { id: string; message: string; priority: string; createdAt: string }[] }>(),
  }),
  markRead: endpoint({
    method: 'PUT', path: '/api/notifications/:id/read', service: 'notifications', subject: 'notifications.inbox.markRead',
    access: 'user', request: idParam, response: returns<Notification>(),
  }),
  remove: endpoint({
    method: 'DELETE', path: '/api/notifications/:id', service: 'notifications', subject: 'notifications.inbox.delete',
    access: 'user', request: idParam, response: returns<{ success: true }>(),
  }),
  getLocation: endpoint({
    method: 'GET', path: '/api/user/location', service: 'notifications', subject: 'notifications.location.get',
    access: 'user', request: noInput,
    response: returns<{ hasLocation: boolean; lat?: number; lon?: number; locationName?: string }>(),
  }),
  setLocation: endpoint({
    method: 'PUT', path: '/api/user/location', service: 'notifications', subject: 'notifications.location.set',
    access: 'user', request: z.object({ ...latLon, locationName: z.string().trim().max(200).optional() }),
    response: returns<{ hasLocation: true }>(),
  }),
  deleteLocation: endpoint({
    method: 'DELETE', path: '/api/user/location', service: 'notifications', subject: 'notifications.location.delete',
    access: 'user', request: noInput, response: returns<{ hasLocation: false }>(),
  }),
  voiceAlerts: endpoint({
    method: 'GET', path: '/api/user/voice-alerts', service: 'notifications', subject: 'notifications.voice-alerts.get',
    access: 'user', request: noInput, response: returns<{ enabled: boolean; wakeTime: string }>(),
  }),
  updateVoiceAlerts: endpoint({
    method: 'PUT', path: '/api/user/voice-alerts', service: 'notifications', subject: 'notifications.voice-alerts.update',
    access: 'user',
    request: z.object({
      enabled: z.boolean(),
      wakeTime: z.string().max(5, 'wakeTime must be HH:MM').regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'wakeTime must be HH:MM').default('07:00'),
    }),
    response: returns<{ enabled: boolean; wakeTime: string }>(),
  }),
  pushPublicKey: endpoint({
    method: 'GET', path: '/api/push/public-key', service: 'notifications', subject: 'notifications.push.publicKey',
    access: 'user', request: noInput, response: returns<{ publicKey: string }>(),
  }),
  pushSubscribe: endpoint({
    method: 'POST', path: '/api/push/subscribe', service: 'notifications', subject: 'notifications.push.subscribe',
    access: 'user', request: pushSubscription, response: returns<{ success: true }>(),
  }),
  pushUnsubscribe: endpoint({
    method: 'POST', path: '/api/push/unsubscribe', service: 'notifications', subject: 'notifications.push.unsubscribe',
    access: 'user', request: pushSubscription.partial({ keys: true }), response: returns<{ success: true }>(),
  }),
  pushTest: endpoint({
    method: 'POST', path: '/api/push/test', service: 'notifications', subject: 'notifications.push.test',
    access: 'user', request: noInput, timeoutMs: 20_000,
    response: returns<{ hasPushSubscriptions: boolean; result: { push: boolean } }>(),
  }),
  contact: endpoint({
    method: 'POST', path: '/api/contact', service: 'notifications', subject: 'notifications.support.contact',
    access: 'public',
    request: z.object({
      name: z.string().trim().min(1, 'Name is required').max(200),
      email: emailAddress(),
      subject: z.string().trim().min(1, 'Subject is required').max(300),
      message: z.string().trim().min(1, 'Message is required').max(10_000),
    }),
    response: returns<{ success: true }>(),
  }),
};
