import { Controller } from '@nestjs/common';
import { api, internalApi } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { SmsDraftsService } from './sms-drafts.service';
import { SmsService } from './sms.service';

@Controller()
export class SmsHandler {
  constructor(
    private readonly drafts: SmsDraftsService,
    private readonly sms: SmsService,
  ) {}

  /** notifications' SMS channel. */
  @Handles(internalApi.telephony.deliverSms)
  deliver({ data }: HandlerInput<typeof internalApi.telephony.deliverSms>) {
    return this.sms.deliver(data.userId, data.to, data.body);
  }

  @Handles(api.telephony.smsDraft)
  draft({ ctx }: HandlerInput<typeof api.telephony.smsDraft>) {
    return this.drafts.draft(ctx);
  }

  @Handles(api.telephony.smsSend)
  send({ ctx, data }: HandlerInput<typeof api.telephony.smsSend>) {
    return this.drafts.send(ctx, data.message);
  }
}
