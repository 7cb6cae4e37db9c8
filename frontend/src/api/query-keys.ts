import type { InputOf } from './client';
import type { Route } from './routes';

/**
 * The query key of a GET endpoint, taken from its declaration: `[path]`, or `[path, input]` for a call that takes one
 * (`queryKeyOf(api.mail.detail, { id, images })`). The default query function GETs it (the input fills the path's
 * `:params` and the query, as callApi does). The path alone is a prefix of every key of the endpoint and a partial
 * input matches the keys that include it, so a live event or a mutation that invalidates `queryKeyOf(api.mail.list)`
 * refreshes every search, and `queryKeyOf(api.mail.detail, { id })` both image settings of one message.
 */
export function queryKeyOf<R extends Route>(route: R, input?: Partial<InputOf<R>>): readonly unknown[] {
  return input === undefined ? [route.path] : [route.path, input];
}
