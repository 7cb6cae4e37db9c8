import { isApiError } from '../api/client';

/** The first message of each field of a refusal's `fields` (`{ phone_number: ['Bad number', ...] }`). */
export function firstMessages(fields: unknown): Record<string, string> {
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return {};
  const messages: Record<string, string> = {};
  for (const [field, value] of Object.entries(fields as Record<string, unknown>)) {
    const first = Array.isArray(value) ? value.find((m) => typeof m === 'string') : value;
    if (typeof first === 'string') messages[field] = first;
  }
  return messages;
}

/**
 * The server's per-field messages of a refused request (a 400 `{ error, code, fields: { name: ['...'] } }`), the
 * first of each field by the request's field name; {} for any other failure. The one place the browser reads them.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return isApiError(error) ? firstMessages(error.body?.fields) : {};
}
