import type { Endpoint, ServiceName } from './endpoint';
import { accountEndpoints } from './endpoints/account';
import { billingEndpoints } from './endpoints/billing';
import { calendarEndpoints } from './endpoints/calendar';
import { chatEndpoints } from './endpoints/chat';
import { identityEndpoints } from './endpoints/identity';
import { mailEndpoints } from './endpoints/mail';
import { notificationEndpoints } from './endpoints/notifications';
import { telephonyEndpoints } from './endpoints/telephony';
import { voiceEndpoints } from './endpoints/voice';

export * from './account';
export * from './audio-streams';
export * from './context';
export * from './endpoint';
export * from './errors';
export * from './events';
export * from './internal';
export * from './jobs';
export * from './live';
export * from './live-voice';
export * from './parse-input';
export * from './quotas';
export * from './request-fields';
export * from './rpc';
export * from './webhooks';
export * from './endpoints/account';
export * from './endpoints/billing';
export * from './endpoints/calendar';
export * from './endpoints/chat';
export * from './endpoints/identity';
export * from './endpoints/mail';
export * from './endpoints/notifications';
export * from './endpoints/telephony';
export * from './endpoints/voice';

/** Every `/api` endpoint, grouped by area. */
export const api = {
  identity: identityEndpoints,
  chat: chatEndpoints,
  calendar: calendarEndpoints,
  voice: voiceEndpoints,
  telephony: telephonyEndpoints,
  mail: mailEndpoints,
  billing: billingEndpoints,
  notifications: notificationEndpoints,
  account: accountEndpoints,
} as const;

export const allEndpoints: Endpoint[] = Object.values(api).flatMap((group) => Object.values(group) as Endpoint[]);

export function endpointsOf(service: ServiceName): Endpoint[] {
  return allEndpoints.filter((e) => e.service === service);
}
