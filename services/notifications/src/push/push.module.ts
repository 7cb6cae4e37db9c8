import { Module } from '@nestjs/common';
import { PushHandler } from './push.handler';
import { PushRepository } from './push.repository';
import { PushService } from './push.service';
import { VapidKeysService } from './vapid-keys.service';
import { WebPushAdapter } from './web-push.adapter';

@Module({
  controllers: [PushHandler],
  providers: [PushService, PushRepository, VapidKeysService, WebPushAdapter],
  exports: [PushService],
})
export class PushModule {}
