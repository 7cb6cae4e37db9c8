import { getForecast, getWeather } from '../../api/weather';
import { defineActions, orFailed, str } from '../chat-kit/action-kit';

export const FORECAST_DEFAULT_DAYS = 5;

export const actions = defineActions({
  get_weather: (args) =>
    orFailed('Weather Error', async () => ({
      ok: true,
      card: { kind: 'weather', weather: await getWeather(str(args.location)) },
    })),
  get_forecast: (args) =>
    orFailed('Forecast Error', async () => {
      const days = Number(args.days) > 0 ? Math.round(Number(args.days)) : FORECAST_DEFAULT_DAYS;
      return { ok: true, card: { kind: 'forecast', forecast: await getForecast(str(args.location), days) } };
    }),
});
