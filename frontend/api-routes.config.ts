// Build-time only: a Vite plugin used by vite.config.ts and vitest.config.ts, never part of the app.
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';
import type * as Contracts from '@jarvis/contracts';

const CONTRACTS = fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url));

/**
 * Inlines `__JARVIS_API_ROUTES__`: the method and path of every endpoint of libs/contracts, read when Vite starts.
 * The browser needs only these to call the API; importing the contracts themselves would load zod and every
 * schema (about 35 kB gzipped) before the first paint. Screens that validate with a contract's schema still import
 * it, in their own lazily loaded chunk. See src/api/routes.ts.
 */
export function apiRoutes(): Plugin {
  return {
    name: 'jarvis-api-routes',
    async config() {
      const { module } = await runnerImport<typeof Contracts>(CONTRACTS);
      const routes = Object.fromEntries(
        Object.entries(module.api).map(([group, endpoints]) => [
          group,
          Object.fromEntries(
            Object.entries(endpoints).map(([name, endpoint]) => [
              name,
              { method: endpoint.method, path: endpoint.path },
            ]),
          ),
        ]),
      );
      return { define: { __JARVIS_API_ROUTES__: JSON.stringify(routes) } };
    },
  };
}
