import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { CallerSharingService } from '../owner/caller-sharing.service';
import { PhoneLinesService } from './phone-lines.service';

@Controller()
export class PhoneLinesHandler {
  constructor(
    private readonly lines: PhoneLinesService,
    private readonly sharing: CallerSharingService,
  ) {}

  @Handles(api.telephony.phoneLine)
  get({ ctx }: HandlerInput<typeof api.telephony.phoneLine>) {
    return this.lines.get(ctx);
  }

  @Handles(api.telephony.claimPhoneLine)
  claim({ ctx, data }: HandlerInput<typeof api.telephony.claimPhoneLine>) {
    return this.lines.claim(ctx, data.phoneNumber);
  }

  @Handles(api.telephony.updateCallerSharing)
  updateSharing({ ctx, data }: HandlerInput<typeof api.telephony.updateCallerSharing>) {
    return this.sharing.update(ctx.userId, data);
  }

  @Handles(api.telephony.releasePhoneLine)
  release({ ctx }: HandlerInput<typeof api.telephony.releasePhoneLine>) {
    return this.lines.release(ctx.userId!);
  }
}
