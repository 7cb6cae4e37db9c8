import { Module } from '@nestjs/common';
import { OpenWeatherMapAdapter } from './openweathermap.adapter';
import { WeatherHandler } from './weather.handler';
import { WeatherProvider } from './weather.provider';

@Module({
  controllers: [WeatherHandler],
  providers: [{ provide: WeatherProvider, useClass: OpenWeatherMapAdapter }],
})
export class WeatherModule {}
