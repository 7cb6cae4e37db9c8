import type { ServiceName } from './endpoint';

export interface HealthReply {
  service: ServiceName;
  status: 'ok' | 'degraded';
  checks: Record<string, 'ok' | string>;
  uptimeSeconds: number;
  pid: number;
}

/** Every backend service answers `<service>.health.check`. */
export const healthSubject = (service: ServiceName) => `${service}.health.check`;
