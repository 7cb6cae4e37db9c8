import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { PhoneMessagesService } from './phone-messages.service';

@Controller()
export class PhoneMessagesHandler {
  constructor(private readonly messages: PhoneMessagesService) {}

  @Handles(api.telephony.phoneMessages)
  list({ ctx }: HandlerInput<typeof api.telephony.phoneMessages>) {
    return this.messages.list(ctx.userId!);
  }

  @Handles(api.telephony.phoneMessage)
  get({ ctx, data }: HandlerInput<typeof api.telephony.phoneMessage>) {
    return this.messages.get(ctx.userId!, data.id);
  }

  @Handles(api.telephony.updatePhoneMessage)
  update({ ctx, data }: HandlerInput<typeof api.telephony.updatePhoneMessage>) {
    return this.messages.update(ctx.userId!, data.id, data);
  }

  @Handles(api.telephony.deletePhoneMessage)
  delete({ ctx, data }: HandlerInput<typeof api.telephony.deletePhoneMessage>) {
    return this.messages.delete(ctx.userId!, data.id);
  }

  @Handles(api.telephony.phoneMessageRecording)
  recording({ ctx, data }: HandlerInput<typeof api.telephony.phoneMessageRecording>) {
    return this.messages.recording(ctx.userId!, data.id);
  }
}
