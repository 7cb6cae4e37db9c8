/**
 * Label values from things that could carry an unbounded part (a subject, a URL): what is kept is bounded by the code
 * and the operator's configuration, never by users or providers.
 */

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const STREAM_SUBJECT = /(^|\.)_stream\..*$/;

/**
 * A NATS subject as a label: without the deployment's (or test run's) prefix, a per-request stream subject
 * (`<prefix>_stream.<uuid>...`) as `_stream`, and any segment holding a uuid as `:id`. Declared subjects pass as
 * they are.
 */
export function metricSubject(subject: string, prefix = ''): string {
  let out = prefix && subject.startsWith(prefix) ? subject.slice(prefix.length) : subject;
  if (out.includes('_stream')) out = out.replace(STREAM_SUBJECT, '$1_stream');
  if (UUID.test(out)) out = out.split('.').map((segment) => (UUID.test(segment) ? ':id' : segment)).join('.');
  return out;
}

/** A provider's name as a label: `OpenWeatherMap` → `openweathermap`, `New York open data` → `new-york-open-data`. */
export function providerLabel(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'unknown'
  );
}

/** A path segment kept in an operation: lower-case words (`chat`, `events.json`), an API version (`v1`, `2.5`). */
const KEPT_SEGMENT = /^(?:[a-z_.-]{1,40}|v\d{1,2}(?:\.\d{1,2})?|\d{1,2}(?:\.\d{1,2})?)$/;

/**
 * An HTTP call as an operation label: the method and the URL's path with every segment that could be an id (digits,
 * capitals, long or mixed tokens) as `:id`, the query string dropped. `GET https://discord.com/api/v10/guilds/81384788765712384/channels`
 * is `GET /api/v10/guilds/:id/channels`.
 */
export function httpOperation(method: string | undefined, url: string | URL): string {
  let path: string;
  try {
    path = (typeof url === 'string' ? new URL(url) : url).pathname;
  } catch {
    path = '/';
  }
  const segments = path.split('/').filter(Boolean).map((segment) => (KEPT_SEGMENT.test(segment) ? segment : ':id'));
  return `${(method ?? 'GET').toUpperCase()} /${segments.join('/')}`;
}
