import { Controller } from '@nestjs/common';
import { internalApi } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { QuotaService } from './quota.service';

/** The counters live here; a service that meters what it does itself (a live voice session) charges them over NATS. */
@Controller()
export class QuotaHandler {
  constructor(private readonly quotas: QuotaService) {}

  @Handles(internalApi.identity.chargeQuota)
  charge({ ctx, data }: HandlerInput<typeof internalApi.identity.chargeQuota>) {
    return this.quotas.chargeFor(ctx, data.kind, data.cost);
  }
}
