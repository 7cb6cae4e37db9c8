import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { apiRoutes } from './api-routes.config.ts';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react(), apiRoutes()],
  resolve: {
    alias: [
      // Use the contracts' TypeScript source so the frontend needs no build step of libs/contracts.
      {
        find: '@jarvis/contracts',
        replacement: fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
      },
      // Tooltips position themselves with a library loaded on first use (src/components/lazy-popper.ts).
      {
        find: /^@popperjs\/core$/,
        replacement: fileURLToPath(new URL('./src/components/lazy-popper.ts', import.meta.url)),
      },
    ],
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.spec.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // Typing into MUI fields under jsdom is slow; a whole form can take several seconds.
    testTimeout: 20_000,
  },
});
