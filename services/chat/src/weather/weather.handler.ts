import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { WeatherProvider } from './weather.provider';

@Controller()
export class WeatherHandler {
  constructor(private readonly weather: WeatherProvider) {}

  @Handles(api.chat.weather)
  current({ data }: HandlerInput<typeof api.chat.weather>) {
    return this.weather.current(data.location);
  }

  @Handles(api.chat.forecast)
  forecast({ data }: HandlerInput<typeof api.chat.forecast>) {
    return this.weather.forecast(data.location, data.days);
  }
}
