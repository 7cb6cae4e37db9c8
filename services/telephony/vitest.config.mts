import { backendConfig } from '../../vitest.backend.mts';

export default backendConfig();
