import { backendConfig } from '../vitest.backend.mts';

// Also with calls between services in one process handed over without the NATS hop (JARVIS_IN_PROCESS_CALLS=1).
export default backendConfig({ inProcess: ['src/proxy/*.int-spec.ts', 'src/edges.int-spec.ts', 'src/quota/*.int-spec.ts', 'src/tracing.int-spec.ts'] });
