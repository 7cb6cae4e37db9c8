import { Injectable } from '@nestjs/common';
import type { CallReservation, RequestContext } from '@jarvis/contracts';
import { OUTGOING_CALLS } from '../plans/plans.constants';
import { monthlyCallLimitReached, outgoingCallsRequirePlan } from './allowance.errors';
import { AllowanceRepository } from './allowance.repository';
import { billingMonth } from './month';
import type { EntityManager } from 'typeorm';
import type { CallUsageEntity } from './entities/call-usage.entity';

/** The monthly outgoing-call allowance, by the caller's tier from the request context. */
@Injectable()
export class AllowanceService {
  constructor(private readonly repository: AllowanceRepository) {}

  async usage(ctx: RequestContext) {
    const limit = OUTGOING_CALLS[ctx.tier];
    return { outgoingCallsThisMonth: await this.repository.used(ctx.userId!, billingMonth()), limit };
  }

  async reserve(ctx: RequestContext): Promise<CallReservation> {
    const limit = OUTGOING_CALLS[ctx.tier];
    if (limit === 0) throw outgoingCallsRequirePlan();
    const month = billingMonth();
    const count = await this.repository.take(ctx.userId!, month, limit === 'unlimited' ? null : limit);
    if (count === null) throw monthlyCallLimitReached(limit as number);
    return { month, outgoingCallsThisMonth: count, limit };
  }

  async release(ctx: RequestContext, month: string = billingMonth()) {
    return { released: await this.repository.giveBack(ctx.userId!, month) };
  }

  /** Account lifecycle (issue 22): the outgoing calls counted each month (this installation's: never imported). */
  accountRows(userId: string): Promise<CallUsageEntity[]> {
    return this.repository.ofUser(userId);
  }

  eraseAccountRows(manager: EntityManager, userId: string) {
    return this.repository.eraseUser(manager, userId);
  }
}
