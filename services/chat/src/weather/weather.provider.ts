export interface CurrentWeather {
  location: string;
  /** Celsius. */
  temperature: number;
  description: string;
  /** km/h. */
  windSpeed: number;
  /** Percent. */
  humidity: number;
}

export interface DayForecast {
  /** YYYY-MM-DD, local to the place. */
  date: string;
  temperature: { min: number; max: number };
  description: string;
}

/** Weather for a place; OpenWeatherMapAdapter is the implementation. */
export abstract class WeatherProvider {
  abstract current(location: string): Promise<CurrentWeather>;
  abstract forecast(location: string, days: number): Promise<{ location: string; forecast: DayForecast[] }>;
}
