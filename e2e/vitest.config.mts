import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { include: ['deploy/**/*.spec.ts', 'system/**/*.spec.ts'], testTimeout: 60_000, hookTimeout: 120_000 } });
