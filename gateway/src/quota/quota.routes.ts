import { Injectable } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Route, type RouteInput } from '../http/route';
import { QuotaService } from './quota.service';

@Injectable()
export class QuotaRoutes {
  constructor(private readonly quotas: QuotaService) {}

  /** GET /api/usage: `{ outgoingCallsThisMonth, limit }` as billing answers them, and `quotas` for today. */
  @Route(api.billing.usage)
  usage({ ctx }: RouteInput<typeof api.billing.usage>) {
    return this.quotas.usage(ctx);
  }
}
