import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { claimNumberError, cleanPhoneNumber, E164_MESSAGE, phoneLineFailure } from './phone-line';

function apiError(status: number, body: Record<string, unknown>) {
  return new ApiError(status, `${status}: ${JSON.stringify(body)}`, body);
}

describe('claimNumberError', () => {
  it('accepts E.164 numbers, with spaces, dashes and brackets dropped', () => {
    expect(claimNumberError('+15551234567')).toBeNull();
    expect(claimNumberError('+1 (555) 123-4567')).toBeNull();
    expect(cleanPhoneNumber('+1 (555) 123-4567')).toBe('+15551234567');
    expect(claimNumberError('+442071234567')).toBeNull();
  });

  it('asks for a number, and for the country code', () => {
    expect(claimNumberError('  ')).toBe('Enter the number to claim');
    expect(claimNumberError('5551234567')).toBe(E164_MESSAGE);
    expect(claimNumberError('+0123456789')).toBe(E164_MESSAGE);
    expect(claimNumberError('+1555')).toBe(E164_MESSAGE);
    expect(claimNumberError('+1234567890123456')).toBe(E164_MESSAGE);
  });
});

describe('phoneLineFailure', () => {
  it("shows the server's message for a 402 and marks it as needing an upgrade", () => {
    const failure = phoneLineFailure(
      apiError(402, { error: 'A new phone number needs the premium plan', code: 'PLAN_REQUIRED' }),
      'fallback',
    );
    expect(failure).toEqual({ message: 'A new phone number needs the premium plan', needsUpgrade: true });
  });

  it("shows the server's message for a 503, which names the variables to set", () => {
    const message = 'Twilio is not configured. Set TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN to enable it.';
    expect(phoneLineFailure(apiError(503, { error: message, code: 'PROVIDER_UNAVAILABLE' }), 'x')).toEqual({
      message,
      needsUpgrade: false,
    });
  });

  it("keeps a 400's word about the number for under the field", () => {
    const failure = phoneLineFailure(
      apiError(400, { error: 'Invalid request', code: 'VALIDATION', fields: { phoneNumber: ['Use +1...'] } }),
      'x',
    );
    expect(failure.fieldError).toBe('Use +1...');
  });

  it('falls back to its own words for a 500 or a network failure', () => {
    expect(phoneLineFailure(apiError(500, { error: 'boom', code: 'INTERNAL' }), 'Try again').message).toBe(
      'Try again',
    );
    expect(phoneLineFailure(new TypeError('Failed to fetch'), 'Try again').message).toBe('Try again');
  });
});
