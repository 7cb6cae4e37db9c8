import type { ServiceName } from './endpoint';
import { BACKEND_SERVICES } from './endpoint';

export interface HealthReply {
  service: ServiceName;
  status: 'ok' | 'degraded';
  checks: Record<string, 'ok' | string>;
  uptimeSeconds: number;
  pid: number;
}

/** Every backend service answers `<service>.health.check`. */
export const healthSubject = (service: ServiceName) => `${service}.health.check`;

/**
 * Subjects that services call on each other and that have no HTTP route. Each is declared here so that the
 * coverage test can tell a handler of an internal subject from a handler of an undeclared one.
 */
export const INTERNAL_SUBJECTS: string[] = [...BACKEND_SERVICES.map((s) => healthSubject(s))];

/**
 * calendar answers the caller's public booking link (creating it on first use). chat asks it when a drafted text
 * message should include the booking link. Request data: `{}`; the user is the caller's context.
 */
export const CALENDAR_BOOKING_LINK_SUBJECT = 'calendar.booking-links.ensure';
export interface BookingLinkReply {
  code: string;
  /** The absolute /book/{code} URL under PUBLIC_URL. */
  url: string;
}
INTERNAL_SUBJECTS.push(CALENDAR_BOOKING_LINK_SUBJECT);
