import { isApiError } from '../../api/client';
import { shouldRetryQuery } from '../../api/query-client';

export const CALENDAR_CONNECTION_EXPIRED = 'CALENDAR_CONNECTION_EXPIRED';

/** A 401 whose code says Google no longer accepts the calendar grant: the user must connect again. */
export function isCalendarConnectionExpired(error: unknown): boolean {
  return isApiError(error) && error.status === 401 && error.body?.code === CALENDAR_CONNECTION_EXPIRED;
}

export function shouldRetryCalendarQuery(failureCount: number, error: unknown): boolean {
  return !isCalendarConnectionExpired(error) && shouldRetryQuery(failureCount, error);
}
