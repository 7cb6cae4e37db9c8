/** One Powerball draw: its day ('2026-11-21'), the five white balls and the Powerball. */
export interface PowerballDraw {
  drawDate: string;
  numbers: string[];
  powerball: string;
  multiplier: string | null;
}

/** Lottery results for the {{lottery}} variable; New York's open-data API is the one adapter. */
export abstract class LotteryProvider {
  /** The latest draw, or null when the source has none; `ProviderUnavailableError` when it cannot be reached. */
  abstract latestPowerball(): Promise<PowerballDraw | null>;
}
