const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Every id in chat is a uuid. Repositories check ids with this before a query, so a malformed one is an unknown id
 * (404) and never reaches Postgres, which would answer a NUL byte or an overlong string with an error (500).
 */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
