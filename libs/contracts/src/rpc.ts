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
