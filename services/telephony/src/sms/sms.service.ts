import { Inject, Injectable } from '@nestjs/common';
import { ForbiddenError, ProviderUnavailableError, RateLimitedError } from '@jarvis/contracts';
import { RedisConnection } from '@jarvis/platform';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { TELEPHONY_CONFIG, type TelephonyConfig } from '../config/telephony.config';
import { PhoneLinesService } from '../phone-lines/phone-lines.service';
import { TelephonyProvider } from '../twilio/telephony.provider';
import { DAILY_SMS_LIMIT, DAILY_SMS_PER_RECIPIENT } from './sms.constants';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Takes one text from every counter in KEYS (ARGV[1]: their TTL, ARGV[i + 1]: the limit of KEYS[i]) only when none is
 * at its limit, in one step of Redis: concurrent sends on any replica never pass a limit, and a refused text counts
 * nowhere. Answers 0, or the position of the first counter at its limit.
 */
const TAKE_SCRIPT = `
for i, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') >= tonumber(ARGV[i + 1]) then return i end
end
for i, key in ipairs(KEYS) do
  redis.call('INCR', key)
  redis.call('EXPIRE', key, ARGV[1])
end
return 0`;

/** Gives a text back to every counter (the provider did not take it). */
const GIVE_BACK_SCRIPT = `
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
end
return 0`;

/**
 * Outgoing texts, from the user's line (or TWILIO_PHONE_NUMBER), whoever asks (the SMS draft card, notifications' SMS
 * channel): only to the countries of SMS_ALLOWED_COUNTRIES, at most DAILY_SMS_PER_RECIPIENT a day to one number and
 * DAILY_SMS_LIMIT a day per user, and SMS_DAILY_LIMIT a day for the whole installation. Days are New York days.
 */
@Injectable()
export class SmsService {
  constructor(
    private readonly lines: PhoneLinesService,
    private readonly twilio: TelephonyProvider,
    private readonly redis: RedisConnection,
    @Inject(TELEPHONY_CONFIG) private readonly config: TelephonyConfig,
  ) {}

  async deliver(userId: string, to: string, body: string): Promise<{ sid: string }> {
    const from = await this.lines.callerNumber(userId);
    if (!from) throw new ProviderUnavailableError('Twilio', ['TWILIO_PHONE_NUMBER'], 'No phone line to send from');
    this.checkCountry(to, from);
    const counters = await this.take(userId, to);
    try {
      return await this.twilio.sendSms(from, to, body);
    } catch (error) {
      await this.redis.client.eval(GIVE_BACK_SCRIPT, counters.length, ...counters).catch(() => undefined);
      throw error;
    }
  }

  /** The countries texts may go to: SMS_ALLOWED_COUNTRIES, else the installation's number's (or the sender's). */
  allowedCountries(from?: string): CountryCode[] {
    if (this.config.SMS_ALLOWED_COUNTRIES.length > 0) return this.config.SMS_ALLOWED_COUNTRIES as CountryCode[];
    const home = countryOf(this.config.TWILIO_PHONE_NUMBER ?? from ?? '');
    return home ? [home] : [];
  }

  private checkCountry(to: string, from: string) {
    if (parsePhoneNumberFromString(to)?.getType() === 'PREMIUM_RATE') throw new ForbiddenError('Texts to premium-rate numbers are not allowed');
    const country = countryOf(to);
    if (country && this.allowedCountries(from).includes(country)) return;
    const where = country ? `${new Intl.DisplayNames('en', { type: 'region' }).of(country) ?? country} (${country})` : 'that number';
    throw new ForbiddenError(`Texts to ${where} are not allowed on this Jarvis`);
  }

  /** Counts the text against every limit at once, or refuses it with 429 and the seconds until the day ends. */
  private async take(userId: string, to: string): Promise<string[]> {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    const limits: [key: string, limit: number, refusal: string][] = [
      [this.redis.key('telephony', 'sms-to', userId, to, day), DAILY_SMS_PER_RECIPIENT, `You can send at most ${DAILY_SMS_PER_RECIPIENT} text messages a day to the same number`],
      [this.redis.key('telephony', 'sms-sent', userId, day), DAILY_SMS_LIMIT, `You can send at most ${DAILY_SMS_LIMIT} text messages a day`],
      [this.redis.key('telephony', 'sms-installation', day), this.config.SMS_DAILY_LIMIT, 'This Jarvis has sent as many text messages as it may today. Please try again tomorrow.'],
    ];
    const keys = limits.map(([key]) => key);
    const refused = Number(
      await this.redis.client.eval(TAKE_SCRIPT, keys.length, ...keys, String(DAY_SECONDS * 2), ...limits.map(([, limit]) => String(limit))),
    );
    if (refused > 0) throw new RateLimitedError(limits[refused - 1][2], secondsToNewYorkMidnight());
    return keys;
  }
}

/**
 * The country a number rings in: libphonenumber's, or for a number its metadata cannot place (a fictional +1 555
 * number), the main country of its calling code.
 */
export function countryOf(number: string): CountryCode | undefined {
  const parsed = parsePhoneNumberFromString(number);
  if (!parsed) return undefined;
  return parsed.country ?? parsed.getPossibleCountries()[0];
}

function secondsToNewYorkMidnight(): number {
  const now = new Date();
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour12: false, hour: 'numeric', minute: 'numeric', second: 'numeric' })
    .formatToParts(now)
    .reduce<Record<string, number>>((acc, p) => (p.type === 'literal' ? acc : { ...acc, [p.type]: Number(p.value) % 24 }), {});
  return Math.max(1, DAY_SECONDS - (parts.hour * 3600 + parts.minute * 60 + parts.second));
}
