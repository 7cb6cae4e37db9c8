import { callApi } from '../../api/client';
import { api } from '../../api/routes';
import { defineActions, orFailed, str } from '../chat-kit/action-kit';

export const FORECAST_DEFAULT_DAYS = 5;

export const actions = defineActions({
  get_weather: (args) =>
    orFailed('Weather Error', async () => ({
      ok: true,
      card: { kind: 'weather', weather: await callApi(api.chat.weather, { location: str(args.location) }) },
    })),
  get_forecast: (args) =>
    orFailed('Forecast Error', async () => {
      const days = Number(args.days) > 0 ? Math.round(Number(args.days)) : FORECAST_DEFAULT_DAYS;
      const forecast = await callApi(api.chat.forecast, { location: str(args.location), days });
      return { ok: true, card: { kind: 'forecast', forecast } };
    }),
});
