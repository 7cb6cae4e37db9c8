import { type LoopbackFake, startLoopback } from '@jarvis/testing';

/** 2026-05-06 00:00 UTC in seconds; Paris is UTC+2 (timezone 7200). */
const START = Date.UTC(2026, 4, 6) / 1000;

/**
 * OpenWeatherMap 2.5 current weather and 5-day / 3-hour forecast. Checks `appid`; "Atlantis" is an unknown city
 * (404 like the real API).
 */
export function startOpenWeatherFake(apiKey: string): Promise<LoopbackFake> {
  return startLoopback((req) => {
    if (req.query.get('appid') !== apiKey) return { status: 401, body: { cod: 401, message: 'Invalid API key.' } };
    if (req.query.get('q') === 'Atlantis') return { status: 404, body: { cod: '404', message: 'city not found' } };
    if (req.path === '/data/2.5/weather') {
      return {
        body: {
          name: 'Paris',
          sys: { country: 'FR' },
          main: { temp: 18.44, feels_like: 17.9, humidity: 64, pressure: 1012 },
          weather: [{ id: 803, main: 'Clouds', description: 'broken clouds', icon: '04d' }],
          wind: { speed: 5, deg: 240 },
          cod: 200,
        },
      };
    }
    if (req.path === '/data/2.5/forecast') {
      // 3-hourly items over 6 local days: the minimum rises by 1 each day, the midday item is "clear sky".
      const list = Array.from({ length: 48 }, (_, i) => {
        const dt = START - 7200 + i * 3 * 3600;
        const localHour = new Date((dt + 7200) * 1000).getUTCHours();
        const day = Math.floor(i / 8);
        return {
          dt,
          main: { temp: 15 + day, temp_min: 10 + day + (localHour === 3 ? 0 : 2), temp_max: 20 + day - (localHour === 15 ? 0 : 3) },
          weather: [{ description: localHour === 12 ? 'clear sky' : 'light rain' }],
          dt_txt: new Date(dt * 1000).toISOString(),
        };
      });
      return { body: { cod: '200', cnt: list.length, list, city: { name: 'Paris', country: 'FR', timezone: 7200 } } };
    }
    return { status: 404, body: { cod: '404', message: 'Internal error' } };
  });
}
