import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { PushService } from './push.service';

@Controller()
export class PushHandler {
  constructor(private readonly push: PushService) {}

  @Handles(api.notifications.pushPublicKey)
  publicKey() {
    return this.push.publicKey();
  }

  @Handles(api.notifications.pushSubscribe)
  subscribe({ ctx, data }: HandlerInput<typeof api.notifications.pushSubscribe>) {
    return this.push.subscribe(ctx.userId!, api.notifications.pushSubscribe.request.parse(data));
  }

  @Handles(api.notifications.pushUnsubscribe)
  unsubscribe({ ctx, data }: HandlerInput<typeof api.notifications.pushUnsubscribe>) {
    return this.push.unsubscribe(ctx.userId!, api.notifications.pushUnsubscribe.request.parse(data).endpoint);
  }

  @Handles(api.notifications.pushTest)
  test({ ctx }: HandlerInput<typeof api.notifications.pushTest>) {
    return this.push.test(ctx.userId!);
  }
}
