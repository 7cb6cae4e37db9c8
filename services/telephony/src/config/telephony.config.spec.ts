import { describe, expect, it } from 'vitest';
import { telephonyConfigSchema } from './telephony.config';

describe('telephony configuration', () => {
  it('reads TWILIO_CLAIMABLE_NUMBERS and SMS_ALLOWED_COUNTRIES as lists, and SMS_DAILY_LIMIT as a number (500 unset)', () => {
    const config = telephonyConfigSchema.parse({
      TWILIO_CLAIMABLE_NUMBERS: ' +15551230001, +15551230002,,+15551230001 ',
      SMS_ALLOWED_COUNTRIES: 'us, ca',
    });
    expect(config.TWILIO_CLAIMABLE_NUMBERS).toEqual(['+15551230001', '+15551230002']);
    expect(config.SMS_ALLOWED_COUNTRIES).toEqual(['US', 'CA']);
    expect(config.SMS_DAILY_LIMIT).toBe(500);
    expect(telephonyConfigSchema.parse({}).TWILIO_CLAIMABLE_NUMBERS).toEqual([]);
  });

  it('refuses a number that is not E.164 and a country that does not exist, naming them', () => {
    const numbers = telephonyConfigSchema.safeParse({ TWILIO_CLAIMABLE_NUMBERS: '+15551230001,555-0100' });
    expect(numbers.success).toBe(false);
    expect(numbers.error?.issues[0].message).toContain("'555-0100' is not an E.164 number");
    const countries = telephonyConfigSchema.safeParse({ SMS_ALLOWED_COUNTRIES: 'US,XX' });
    expect(countries.success).toBe(false);
    expect(countries.error?.issues[0].message).toContain("'XX' is not a country code");
    expect(telephonyConfigSchema.safeParse({ SMS_DAILY_LIMIT: '-1' }).success).toBe(false);
  });
});
