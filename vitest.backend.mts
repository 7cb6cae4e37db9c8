import { resolve } from 'node:path';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;

/**
 * Shared vitest config for the gateway, the services and the libs: swc compiles the decorators with their
 * metadata (Nest's DI needs it), and the workspace libs resolve to their sources so no build is needed first.
 *
 * `inProcess`: test files that run a second time with JARVIS_IN_PROCESS_CALLS=1 (the `in-process` project beside the
 * default `bus` one), where a call to a service the test started in its own process skips the NATS server, as in
 * `JARVIS_PROCESSES=single`: the same tests must pass both ways.
 */
export function backendConfig(options: { integration?: boolean; inProcess?: string[] } = {}) {
  const config = defineConfig({
    plugins: [swc.vite({ module: { type: 'es6' } })],
    resolve: {
      alias: {
        '@jarvis/contracts': resolve(root, 'libs/contracts/src/index.ts'),
        '@jarvis/platform': resolve(root, 'libs/platform/src/index.ts'),
        // Before '@jarvis/testing', which would otherwise take '@jarvis/testing/fakes' as a path under its index.
        '@jarvis/testing/fakes': resolve(root, 'libs/testing/src/fakes/index.ts'),
        '@jarvis/testing': resolve(root, 'libs/testing/src/index.ts'),
      },
    },
    test: {
      include: ['src/**/*.spec.ts', 'src/**/*.int-spec.ts', 'test/**/*.spec.ts', 'test/**/*.int-spec.ts'],
      environment: 'node',
      env: { LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', NODE_ENV: 'test' },
      testTimeout: options.integration === false ? 5_000 : 30_000,
      hookTimeout: 60_000,
      pool: 'forks',
      fileParallelism: true,
      maxWorkers: 2,
    },
  });
  if (!options.inProcess?.length) return config;
  const test = config.test!;
  return defineConfig({
    ...config,
    test: {
      ...test,
      projects: [
        { extends: true, test: { name: 'bus' } },
        { extends: true, test: { name: 'in-process', include: options.inProcess, env: { ...test.env, JARVIS_IN_PROCESS_CALLS: '1' } } },
      ],
    },
  });
}
