import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { TelephonyProvider } from './telephony.provider';
import { TwilioWebhooksHandler } from './twilio-webhooks.handler';
import { TwilioAdapter } from './twilio.adapter';

@Global()
@Module({
  imports: [DiscoveryModule],
  controllers: [TwilioWebhooksHandler],
  providers: [{ provide: TelephonyProvider, useClass: TwilioAdapter }],
  exports: [TelephonyProvider],
})
export class TwilioModule {}
