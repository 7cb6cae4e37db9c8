import { Controller, Req } from '@nestjs/common';
import { api, UnauthenticatedError } from '@jarvis/contracts';
import type { FastifyRequest as Request } from 'fastify';
import { Route } from '../http/contract';
import { SessionUsers } from '../identity/session-users';
import { QuotaService } from './quota.service';

@Controller()
export class QuotaController {
  constructor(
    private readonly sessions: SessionUsers,
    private readonly quotas: QuotaService,
  ) {}

  /** GET /api/usage: `{ outgoingCallsThisMonth, limit }` as billing answers them, and `quotas` for today. */
  @Route(api.billing.usage)
  async usage(@Req() req: Request) {
    const caller = await this.sessions.resolve(req);
    if (!caller) throw new UnauthenticatedError();
    return this.quotas.usage({ userId: caller.userId, tier: caller.tier, requestId: String(req.id) });
  }
}
