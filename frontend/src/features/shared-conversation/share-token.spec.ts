import { describe, expect, it } from 'vitest';
import { isValidShareToken } from './share-token';

describe('isValidShareToken', () => {
  it('accepts a 43-character base64url token only', () => {
    expect(isValidShareToken('A'.repeat(42) + '_')).toBe(true);
    expect(isValidShareToken('abc123')).toBe(false);
    expect(isValidShareToken('A'.repeat(42) + '/')).toBe(false);
    expect(isValidShareToken(undefined)).toBe(false);
  });
});
