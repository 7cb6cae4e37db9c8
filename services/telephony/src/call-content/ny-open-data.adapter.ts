import { Inject, Injectable } from '@nestjs/common';
import { type ProviderInfo, providerFetch, providerUrl, unexpectedStatus } from '@jarvis/platform';
import { TELEPHONY_CONFIG, type TelephonyConfig } from '../config/telephony.config';
import { LotteryProvider, type PowerballDraw } from './lottery.provider';

const PROVIDER: ProviderInfo = { name: 'New York Open Data', variables: ['LOTTERY_BASE_URL'] };
/** Lottery Powerball Winning Numbers: Beginning 2010 (Socrata dataset of data.ny.gov). */
const POWERBALL_DATASET = '/resource/d6yy-54nr.json';

interface SocrataDraw {
  draw_date?: string;
  winning_numbers?: string;
  multiplier?: string;
}

/** The latest Powerball draw from data.ny.gov's documented SODA API (no key needed). */
@Injectable()
export class NyOpenDataAdapter extends LotteryProvider {
  constructor(@Inject(TELEPHONY_CONFIG) private readonly config: TelephonyConfig) {
    super();
  }

  async latestPowerball(): Promise<PowerballDraw | null> {
    const url = new URL(providerUrl(this.config.LOTTERY_BASE_URL, POWERBALL_DATASET));
    url.search = new URLSearchParams({ $order: 'draw_date DESC', $limit: '1' }).toString();
    const result = await providerFetch<SocrataDraw[]>(PROVIDER, url.toString(), { headers: { accept: 'application/json' } }, 5_000);
    if (result.status !== 200) throw unexpectedStatus(PROVIDER, result);
    const draw = Array.isArray(result.body) ? result.body[0] : undefined;
    const balls = draw?.winning_numbers?.trim().split(/\s+/) ?? [];
    if (!draw?.draw_date || balls.length < 6) return null;
    return {
      drawDate: draw.draw_date.slice(0, 10),
      numbers: balls.slice(0, 5),
      powerball: balls[5],
      multiplier: draw.multiplier ?? null,
    };
  }
}
