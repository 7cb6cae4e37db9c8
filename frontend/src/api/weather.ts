import type { ResponseOf } from '@jarvis/contracts';
import type { Api } from './routes';

export type WeatherResult = ResponseOf<Api['chat']['weather']>;
export type ForecastResult = ResponseOf<Api['chat']['forecast']>;
