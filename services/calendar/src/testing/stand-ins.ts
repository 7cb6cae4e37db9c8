import { randomUUID } from 'node:crypto';
import { Controller, Module } from '@nestjs/common';
import { api, DEFAULT_CALLER_SHARING, internalApi, NotFoundError, type UserProfile } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { startNatsService } from '@jarvis/testing';
import type { ServiceHarness } from '@jarvis/testing';

/** First names the identity stand-in knows, by user id; anyone else is NOT_FOUND. */
export const knownProfiles = new Map<string, Partial<UserProfile>>();

@Controller()
class IdentityStandIn {
  @Handles(internalApi.identity.userProfile)
  profile({ data }: HandlerInput<typeof internalApi.identity.userProfile>): UserProfile {
    const known = knownProfiles.get(data.userId);
    if (!known) throw new NotFoundError('User');
    return { id: data.userId, username: null, firstName: null, lastName: null, email: null, emailVerified: false, tier: 'free', ...known };
  }
}

@Module({ controllers: [IdentityStandIn] })
class IdentityStandInModule {}

/** Answers `identity.users.profile` as the gateway would, from `knownProfiles`, on the harness's NATS prefix. */
export function startIdentityStandIn(h: ServiceHarness) {
  return startNatsService(IdentityStandInModule, { natsUrl: h.env.env.NATS_URL, prefix: h.env.natsPrefix, queue: 'gateway' });
}

/** What the telephony stand-in was asked to queue, and the numbers it answers. */
export const telephonyStandIn = {
  appointmentCalls: [] as {
    userId: string;
    tier: string;
    phoneNumber: string;
    scheduledTime?: string;
    appointmentType: string;
    location: string;
    callId?: string;
  }[],
  phoneLines: new Map<string, string>(),
  /** Call ids cancelled through DELETE /api/proactive-call/logs/:id. */
  cancelled: [] as string[],
};
/** The SMS numbers the notifications stand-in answers in preferences, by user id. */
export const smsNumbers = new Map<string, string>();

@Controller()
class TelephonyStandIn {
  @Handles(api.telephony.appointmentCall)
  appointment({ ctx, data }: HandlerInput<typeof api.telephony.appointmentCall>) {
    const callId = randomUUID();
    telephonyStandIn.appointmentCalls.push({ userId: ctx.userId, tier: ctx.tier, ...data, callId });
    return { success: true as const, callId };
  }

  @Handles(api.telephony.deleteCallLog)
  cancel({ data }: HandlerInput<typeof api.telephony.deleteCallLog>) {
    telephonyStandIn.cancelled.push(data.id);
    return { success: true as const };
  }

  @Handles(api.telephony.phoneLine)
  phoneLine({ userId }: HandlerInput<typeof api.telephony.phoneLine>) {
    return { phoneNumber: telephonyStandIn.phoneLines.get(userId) ?? null, sharing: DEFAULT_CALLER_SHARING, offeredNumbers: [] };
  }

  @Handles(api.notifications.preferences)
  preferences({ userId }: HandlerInput<typeof api.notifications.preferences>) {
    const off = { enabled: false, events: [] };
    return { sms: { ...off, phoneNumber: smsNumbers.get(userId) ?? '' }, push: off, email: off };
  }
}

@Module({ controllers: [TelephonyStandIn] })
class TelephonyStandInModule {}

/** Telephony's appointment call and phone line, and notifications' preferences, as the calendar sync calls them. */
export function startTelephonyStandIn(h: ServiceHarness) {
  return startNatsService(TelephonyStandInModule, { natsUrl: h.env.env.NATS_URL, prefix: h.env.natsPrefix, queue: 'telephony' });
}
