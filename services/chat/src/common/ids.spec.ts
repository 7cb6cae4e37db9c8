import { describe, expect, it } from 'vitest';
import { isUuid } from './ids';

describe('isUuid', () => {
  it('accepts uuids in either case', () => {
    expect(isUuid('0b6f7f2e-8c1d-4a63-9a8e-3f1c2d4e5f60')).toBe(true);
    expect(isUuid('0B6F7F2E-8C1D-4A63-9A8E-3F1C2D4E5F60')).toBe(true);
  });

  it.each(['', '\u0000', 'not-a-uuid', '0b6f7f2e-8c1d-4a63-9a8e-3f1c2d4e5f60\u0000', `${'a'.repeat(2_000_000)}`, 42, null])(
    'refuses %j',
    (value) => expect(isUuid(value)).toBe(false),
  );
});
