import { isApiError } from '../../api/client';
import { shouldRetryQuery } from '../../api/query-client';

export const MAIL_CONNECTION_EXPIRED = 'MAIL_CONNECTION_EXPIRED';

/** A 401 whose code says the Google grant was revoked or has expired: the user must reconnect. */
export function isMailConnectionExpired(error: unknown): boolean {
  return isApiError(error) && error.status === 401 && error.body?.code === MAIL_CONNECTION_EXPIRED;
}

/** doc3 §9: the expired-connection failure is not retried, other mail failures up to twice. */
export function shouldRetryMailQuery(failureCount: number, error: unknown): boolean {
  return !isMailConnectionExpired(error) && shouldRetryQuery(failureCount, error);
}
