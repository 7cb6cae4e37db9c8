import type { api as contractsApi, Endpoint } from '@jarvis/contracts';

/** The endpoints of libs/contracts, for their types (`ResponseOf<Api['chat']['send']>`). */
export type Api = typeof contractsApi;

/**
 * What the browser reads of an endpoint at run time: its method and path. `_endpoint` is only a type (never set), so
 * `callApi(api.chat.weather, ...)` knows the request and response types of the declaration without loading it.
 */
export interface Route<E = Endpoint> {
  readonly method: Endpoint['method'];
  readonly path: string;
  readonly _endpoint?: E;
}

export type ApiRoutes = {
  readonly [G in keyof Api]: {
    readonly [E in keyof Api[G]]: Route<Api[G][E]>;
  };
};

declare const __JARVIS_API_ROUTES__: ApiRoutes;

/**
 * Method and path of every endpoint, taken from libs/contracts when the app is built (api-routes.config.ts), so the
 * first page loads without zod and the schemas.
 */
export const api: ApiRoutes = __JARVIS_API_ROUTES__;

/** `/api/memory/:id` with `{ id }` → `/api/memory/<id>`, each value URL-encoded (as the contracts' buildPath). */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
