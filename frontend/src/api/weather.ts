import type { ResponseOf } from '@jarvis/contracts';
import { api, type Api } from './routes';
import { callApi } from './client';

export type WeatherResult = ResponseOf<Api['chat']['weather']>;
export type ForecastResult = ResponseOf<Api['chat']['forecast']>;

/** GET /api/weather/current/:location. */
export function getWeather(location: string): Promise<WeatherResult> {
  return callApi(api.chat.weather, { location });
}

/** GET /api/weather/forecast/:location?days=. */
export function getForecast(location: string, days: number): Promise<ForecastResult> {
  return callApi(api.chat.forecast, { location, days });
}
