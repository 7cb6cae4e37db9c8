import { Controller } from '@nestjs/common';
import { api, internalApi } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { AllowanceService } from './allowance.service';

@Controller()
export class AllowanceHandler {
  constructor(private readonly allowance: AllowanceService) {}

  /** GET /api/subscription/call-usage; the gateway's GET /api/usage reads it too. */
  @Handles(api.billing.callUsage)
  callUsage({ ctx }: HandlerInput<typeof api.billing.callUsage>) {
    return this.allowance.usage(ctx);
  }

  /** telephony, before it queues an outgoing call. */
  @Handles(internalApi.billing.reserveCall)
  reserve({ ctx }: HandlerInput<typeof internalApi.billing.reserveCall>) {
    return this.allowance.reserve(ctx);
  }

  /** telephony, when a call failed before anyone answered. */
  @Handles(internalApi.billing.releaseCall)
  release({ ctx, data }: HandlerInput<typeof internalApi.billing.releaseCall>) {
    return this.allowance.release(ctx, data.month);
  }
}
