import type { ErrorBody, QuotaExceededBody } from '@jarvis/contracts';
import { easternClock } from '../components/eastern-time';
import { isApiError } from './client';

/** The title a screen shows when a call went over the user's daily quota (429 QUOTA_EXCEEDED). */
export const QUOTA_TITLE = 'Daily limit reached';

/** The gateway's 429 QUOTA_EXCEEDED body, if that is what `error` carries. */
export function quotaExceededOf(error: unknown): QuotaExceededBody | null {
  if (!isApiError(error)) return null;
  const body = error.body;
  return body?.code === 'QUOTA_EXCEEDED' && typeof body.resetsAt === 'string'
    ? (body as ErrorBody & QuotaExceededBody)
    : null;
}

/** When a daily quota starts again, in Eastern time as the app shows every time ('12:00 AM ET'). */
export function resetTime(resetsAt: string): string {
  return `${easternClock(new Date(resetsAt))} ET`;
}

/** The server's text, when the limit starts again and whether a plan has more. */
export function quotaMessage(quota: QuotaExceededBody): string {
  const upgrade = quota.requiresUpgrade ? ' Upgrade your plan for more.' : '';
  return `${quota.error} It resets at ${resetTime(quota.resetsAt)}.${upgrade}`;
}

/** The toast for a call over its daily quota, or null for any other failure. */
export function quotaNotice(error: unknown): { title: string; description: string } | null {
  const quota = quotaExceededOf(error);
  return quota ? { title: QUOTA_TITLE, description: quotaMessage(quota) } : null;
}
