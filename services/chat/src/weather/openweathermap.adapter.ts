import { Inject, Injectable } from '@nestjs/common';
import { RateLimitedError } from '@jarvis/contracts';
import { type HttpResult, providerFetch, type ProviderInfo, providerUrl, requireCredential, unexpectedStatus } from '@jarvis/platform';
import { CHAT_CONFIG, type ChatConfig } from '../config/chat.config';
import { LocationNotFoundError } from './weather.errors';
import { type CurrentWeather, type DayForecast, WeatherProvider } from './weather.provider';

/** The parts of OpenWeatherMap's responses we read. */
interface OwmCurrent {
  name?: string;
  sys?: { country?: string };
  main: { temp: number; humidity: number };
  weather?: { description: string }[];
  wind?: { speed: number };
}
interface OwmForecast {
  city?: { name?: string; country?: string; timezone?: number };
  list?: { dt: number; main: { temp: number; temp_min?: number; temp_max?: number }; weather?: { description: string }[] }[];
}

const PROVIDER: ProviderInfo = { name: 'OpenWeatherMap', variables: ['OPENWEATHER_API_KEY'] };
const round1 = (x: number) => Math.round(x * 10) / 10;

/** OpenWeatherMap current weather (2.5/weather) and 5-day / 3-hour forecast (2.5/forecast), metric units. */
@Injectable()
export class OpenWeatherMapAdapter extends WeatherProvider {
  constructor(@Inject(CHAT_CONFIG) private readonly config: ChatConfig) {
    super();
  }

  async current(location: string): Promise<CurrentWeather> {
    const body = await this.get<OwmCurrent>('/data/2.5/weather', location);
    return {
      location: placeName(body.name, body.sys?.country, location),
      temperature: round1(body.main.temp),
      description: body.weather?.[0]?.description ?? '',
      // metric units give m/s.
      windSpeed: round1((body.wind?.speed ?? 0) * 3.6),
      humidity: body.main.humidity,
    };
  }

  async forecast(location: string, days: number) {
    const body = await this.get<OwmForecast>('/data/2.5/forecast', location);
    const offsetSeconds: number = body.city?.timezone ?? 0;
    const byDay = new Map<string, { min: number; max: number; descriptions: Map<string, number>; middayDescription?: string }>();
    for (const item of body.list ?? []) {
      const local = new Date((item.dt + offsetSeconds) * 1000);
      const date = local.toISOString().slice(0, 10);
      const day = byDay.get(date) ?? { min: Infinity, max: -Infinity, descriptions: new Map<string, number>() };
      day.min = Math.min(day.min, item.main.temp_min ?? item.main.temp);
      day.max = Math.max(day.max, item.main.temp_max ?? item.main.temp);
      const description: string = item.weather?.[0]?.description ?? '';
      day.descriptions.set(description, (day.descriptions.get(description) ?? 0) + 1);
      if (local.getUTCHours() >= 11 && local.getUTCHours() <= 14) day.middayDescription = description;
      byDay.set(date, day);
    }
    const forecast: DayForecast[] = [...byDay.entries()].slice(0, days).map(([date, day]) => ({
      date,
      temperature: { min: round1(day.min), max: round1(day.max) },
      description: day.middayDescription ?? [...day.descriptions].sort((a, b) => b[1] - a[1])[0][0],
    }));
    return { location: placeName(body.city?.name, body.city?.country, location), forecast };
  }

  private async get<T>(path: string, location: string): Promise<T> {
    const key = requireCredential(PROVIDER, this.config.OPENWEATHER_API_KEY);
    const url = new URL(providerUrl(this.config.OPENWEATHER_BASE_URL, path));
    url.search = new URLSearchParams({ q: location, units: 'metric', appid: key }).toString();
    const result: HttpResult<T> = await providerFetch<T>(PROVIDER, url.toString());
    if (result.status === 200) return result.body;
    if (result.status === 404) throw new LocationNotFoundError(location);
    if (result.status === 429) throw new RateLimitedError('The weather service is busy. Please try again in a minute.', 60);
    throw unexpectedStatus(PROVIDER, result);
  }
}

function placeName(name: string | undefined, country: string | undefined, fallback: string) {
  if (!name) return fallback;
  return country ? `${name}, ${country}` : name;
}
