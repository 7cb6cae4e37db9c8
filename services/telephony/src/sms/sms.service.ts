import { Inject, Injectable } from '@nestjs/common';
import { ProviderUnavailableError, RateLimitedError } from '@jarvis/contracts';
import { TELEPHONY_CONFIG, type TelephonyConfig } from '../config/telephony.config';
import { PhoneLinesRepository } from '../phone-lines/phone-lines.repository';
import { TelephonyRedis } from '../redis/redis.module';
import { TelephonyProvider } from '../twilio/telephony.provider';
import { DAILY_SMS_LIMIT } from './sms.constants';

const DAY_SECONDS = 24 * 60 * 60;

/** Outgoing texts: from the user's line (or TWILIO_PHONE_NUMBER), at most DAILY_SMS_LIMIT a user a day. */
@Injectable()
export class SmsService {
  constructor(
    private readonly lines: PhoneLinesRepository,
    private readonly twilio: TelephonyProvider,
    private readonly redis: TelephonyRedis,
    @Inject(TELEPHONY_CONFIG) private readonly config: TelephonyConfig,
  ) {}

  async deliver(userId: string, to: string, body: string): Promise<{ sid: string }> {
    const from = (await this.lines.findForUser(userId))?.phoneNumber ?? this.config.TWILIO_PHONE_NUMBER;
    if (!from) throw new ProviderUnavailableError('Twilio', ['TWILIO_PHONE_NUMBER'], 'No phone line to send from');
    await this.takeDailyAllowance(userId);
    return this.twilio.sendSms(from, to, body);
  }

  /** Counts the text against today's allowance atomically; concurrent sends never pass the limit. */
  private async takeDailyAllowance(userId: string) {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    const key = this.redis.key('sms-sent', userId, day);
    const [[, count]] = (await this.redis.client.multi().incr(key).expire(key, DAY_SECONDS * 2).exec()) as [[null, number], unknown];
    if (count > DAILY_SMS_LIMIT) {
      await this.redis.client.decr(key);
      throw new RateLimitedError(`You can send at most ${DAILY_SMS_LIMIT} text messages a day`, secondsToNewYorkMidnight());
    }
  }
}

function secondsToNewYorkMidnight(): number {
  const now = new Date();
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour12: false, hour: 'numeric', minute: 'numeric', second: 'numeric' })
    .formatToParts(now)
    .reduce<Record<string, number>>((acc, p) => (p.type === 'literal' ? acc : { ...acc, [p.type]: Number(p.value) % 24 }), {});
  return Math.max(1, DAY_SECONDS - (parts.hour * 3600 + parts.minute * 60 + parts.second));
}
