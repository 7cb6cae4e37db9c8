import { DomainError, ErrorKind, PlanRequiredError } from '@jarvis/contracts';

export const outgoingCallsRequirePlan = () => new PlanRequiredError('Outgoing calls require a Premium or Enterprise plan', 'premium');

/** 402: the premium month is used up; enterprise has no limit. */
export const monthlyCallLimitReached = (limit: number) =>
  new DomainError(ErrorKind.PlanRequired, `Monthly outgoing call limit reached (${limit} of ${limit})`, {
    code: 'CALL_LIMIT_REACHED',
    details: { requiresUpgrade: true, requiredTier: 'enterprise', limit, outgoingCallsThisMonth: limit },
  });
