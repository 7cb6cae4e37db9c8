import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/** The app's own Vite configuration (plugins, aliases), plus the unit tests' settings. */
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.spec.{ts,tsx}'],
      setupFiles: ['src/test/setup.ts'],
      restoreMocks: true,
      // Typing into MUI fields under jsdom is slow; a whole form can take several seconds.
      testTimeout: 20_000,
    },
  }),
);
