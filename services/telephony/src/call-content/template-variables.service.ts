import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { api, type RequestContext, type UserProfile } from '@jarvis/contracts';
import { RpcClient } from '@jarvis/platform';
import { BIBLE_VERSES } from './bible-verses.constants';
import { LotteryProvider } from './lottery.provider';
import { UserProfiles } from './user-profiles.service';

/** The variables a template may use (doc3). */
export const TEMPLATE_VARIABLES = ['firstName', 'name', 'date', 'time', 'weather', 'news', 'bibleVerse', 'lottery'] as const;
type Variable = (typeof TEMPLATE_VARIABLES)[number];

/** Spoken in place of a source that is not configured or does not answer: never a raw {{weather}}. */
export const UNAVAILABLE: Record<'weather' | 'news' | 'lottery', string> = {
  weather: 'The weather report is not available right now.',
  news: 'The news is not available right now.',
  lottery: 'The latest lottery results are not available right now.',
};
/** When identity does not know a name. */
export const NAME_FALLBACK = { firstName: 'there', name: 'friend' } as const;
/** The city of the weather when the user has not set a location. */
export const DEFAULT_CITY = 'New York';
/** Each source gets this long; a call waits for no slow one. */
const SOURCE_TIMEOUT_MS = 8_000;
const NEWS_MAX_CHARS = 600;

const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/**
 * Fills a scenario's template at call time: names from identity, date and time in New York, weather (chat, for the
 * user's home city), news (chat's web search), a verse from the bundled list and New York's latest Powerball draw.
 * Only the variables the template uses are asked for.
 */
@Injectable()
export class TemplateVariablesService {
  private readonly logger = new Logger(TemplateVariablesService.name);

  constructor(
    private readonly rpc: RpcClient,
    private readonly profiles: UserProfiles,
    private readonly lottery: LotteryProvider,
  ) {}

  async fill(template: string, userId: string, now = new Date()): Promise<string> {
    const used = new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]));
    const profile = used.has('firstName') || used.has('name') || used.has('news') || used.has('weather') ? await this.profiles.find(userId) : null;
    const ctx: RequestContext = { userId, tier: profile?.tier ?? 'free', requestId: `scenario-${randomUUID()}` };
    const values = new Map<string, string>();
    const { date, time } = zonedParts(now);
    const sources: Record<Variable, () => Promise<string> | string> = {
      firstName: () => profile?.firstName?.trim() || NAME_FALLBACK.firstName,
      name: () => fullName(profile) ?? NAME_FALLBACK.name,
      date: () => date,
      time: () => time,
      weather: () => this.source('weather', () => this.weather(ctx)),
      news: () => this.source('news', () => this.news(ctx)),
      bibleVerse: () => verseOfTheDay(now),
      lottery: () => this.source('lottery', () => this.powerball()),
    };
    await Promise.all(
      [...used].map(async (name) => {
        const source = sources[name as Variable];
        values.set(name, source ? await source() : '');
      }),
    );
    return template
      .replace(PLACEHOLDER, (_, name: string) => values.get(name) ?? '')
      .replace(/[ \t]{2,}/g, ' ')
      .trim();
  }

  private async source(name: keyof typeof UNAVAILABLE, read: () => Promise<string>): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const text = await Promise.race([read(), new Promise<string>((resolve) => (timer = setTimeout(() => resolve(''), SOURCE_TIMEOUT_MS)))]);
      return text.trim() || UNAVAILABLE[name];
    } catch (error) {
      this.logger.debug(`{{${name}}} unavailable: ${(error as Error).message}`);
      return UNAVAILABLE[name];
    } finally {
      clearTimeout(timer);
    }
  }

  private async weather(ctx: RequestContext): Promise<string> {
    const home = await this.rpc.call(api.notifications.getLocation, {}, ctx).catch(() => null);
    const city = home?.locationName?.trim() || DEFAULT_CITY;
    const now = await this.rpc.call(api.chat.weather, { location: city }, ctx);
    const celsius = Math.round(now.temperature);
    const fahrenheit = Math.round((now.temperature * 9) / 5 + 32);
    return `In ${now.location || city} it is ${fahrenheit} degrees Fahrenheit, ${celsius} Celsius, with ${now.description}.`;
  }

  private async news(ctx: RequestContext): Promise<string> {
    const found = await this.rpc.call(
      api.chat.webSearch,
      { query: "Today's top three news headlines in the United States, one short sentence each, no links.", searchRecency: 'day' },
      ctx,
    );
    const text = found.text.replace(/\s*\[\d+\]/g, '').replace(/[*#_`]/g, '').replace(/\s+/g, ' ').trim();
    return text.length > NEWS_MAX_CHARS ? `${text.slice(0, text.lastIndexOf('.', NEWS_MAX_CHARS) + 1 || NEWS_MAX_CHARS)}` : text;
  }

  private async powerball(): Promise<string> {
    const draw = await this.lottery.latestPowerball();
    if (!draw) return '';
    const day = zonedParts(new Date(`${draw.drawDate}T12:00:00Z`), 'UTC').date;
    return (
      `In the Powerball draw of ${day}, the numbers were ${draw.numbers.map(Number).join(', ')}, ` +
      `and the Powerball was ${Number(draw.powerball)}${draw.multiplier ? `, with a multiplier of ${draw.multiplier}` : ''}.`
    );
  }
}

function fullName(profile: UserProfile | null): string | null {
  if (!profile) return null;
  const full = [profile.firstName, profile.lastName].map((p) => p?.trim()).filter(Boolean).join(' ');
  return full || profile.username?.trim() || null;
}

/** The same verse all day in New York, the next one tomorrow. */
export function verseOfTheDay(now: Date): string {
  const day = Math.floor(Date.parse(new Date(now).toLocaleDateString('en-CA', { timeZone: 'America/New_York' })) / 86_400_000);
  const verse = BIBLE_VERSES[day % BIBLE_VERSES.length];
  return `${verse.text} ${verse.reference}.`;
}

/** Parts of `at` in New York (or another zone), as spoken: 'Tuesday, March 10, 2026' and '11:00 AM'. */
function zonedParts(at: Date, timeZone = 'America/New_York') {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true,
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.weekday}, ${parts.month} ${parts.day}, ${parts.year}`,
    time: `${parts.hour}:${parts.minute} ${parts.dayPeriod}`,
  };
}
