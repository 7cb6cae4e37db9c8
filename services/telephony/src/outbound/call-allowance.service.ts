import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { type CallReservation, internalApi, type RequestContext } from '@jarvis/contracts';
import { RpcClient } from '@jarvis/platform';

/** The monthly outgoing-call allowance, kept by billing: one call reserved before it is queued, given back if nobody answered. */
@Injectable()
export class CallAllowance {
  private readonly logger = new Logger(CallAllowance.name);

  constructor(private readonly rpc: RpcClient) {}

  /** Billing answers 402 (free plan, or 'Monthly outgoing call limit reached (5 of 5)'), which reaches the caller as is. */
  reserve(ctx: RequestContext): Promise<CallReservation> {
    return this.rpc.call(internalApi.billing.reserveCall, {}, ctx);
  }

  /** Never throws: a call that ended must still end if billing is away (the miss is logged). */
  async release(userId: string, month: string | null): Promise<void> {
    if (!month) return;
    try {
      // Billing gives back by user and month; the tier plays no part in it.
      await this.rpc.call(internalApi.billing.releaseCall, { month }, { userId, tier: 'premium', requestId: `release-${randomUUID()}` });
    } catch (error) {
      this.logger.warn(`Could not give back the call reserved in ${month} for ${userId}: ${(error as Error).message}`);
    }
  }
}
