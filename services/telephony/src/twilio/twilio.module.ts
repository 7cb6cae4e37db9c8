import { Global, Module } from '@nestjs/common';
import { TelephonyProvider } from './telephony.provider';
import { TwilioAdapter } from './twilio.adapter';

@Global()
@Module({
  providers: [{ provide: TelephonyProvider, useClass: TwilioAdapter }],
  exports: [TelephonyProvider],
})
export class TwilioModule {}
