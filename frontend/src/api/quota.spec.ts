import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import { quotaExceededOf, quotaMessage, resetTime } from './quota';

const body = {
  error: 'Daily limit reached for web searches: the Free plan includes 10 requests a day.',
  code: 'QUOTA_EXCEEDED' as const,
  kind: 'web_searches' as const,
  limit: 10,
  resetsAt: '2026-07-02T04:00:00.000Z',
  requiresUpgrade: true,
};

describe('quota errors', () => {
  it('recognises the gateway 429 QUOTA_EXCEEDED and nothing else', () => {
    expect(quotaExceededOf(new ApiError(429, '429: ...', body))).toEqual(body);
    expect(
      quotaExceededOf(new ApiError(429, '429: ...', { error: 'Slow down', code: 'RATE_LIMITED' })),
    ).toBeNull();
    expect(quotaExceededOf(new Error('network'))).toBeNull();
  });

  it('says when the quota starts again in Eastern time, and that a plan has more only when one has', () => {
    expect(resetTime(body.resetsAt)).toBe('12:00 AM ET');
    expect(quotaMessage(body)).toBe(`${body.error} It resets at 12:00 AM ET. Upgrade your plan for more.`);
    expect(quotaMessage({ ...body, requiresUpgrade: false })).toBe(`${body.error} It resets at 12:00 AM ET.`);
  });
});
