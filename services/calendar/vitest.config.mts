import { backendConfig } from '../../vitest.backend.mts';

// Also with calls between services in one process handed over without the NATS hop (JARVIS_IN_PROCESS_CALLS=1).
export default backendConfig({ inProcess: ['src/reminders/reminders.int-spec.ts', 'src/bookings/bookings.int-spec.ts'] });
