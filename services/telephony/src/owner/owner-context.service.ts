import { Injectable, Logger } from '@nestjs/common';
import { api, type CallerSharing, internalApi, type PersonalityId, type Reminder, type RequestContext, type Tier } from '@jarvis/contracts';
import { RpcClient } from '@jarvis/platform';
import { randomUUID } from 'node:crypto';
import { CallerSharingService } from './caller-sharing.service';

/** A caller is waiting: what chat or calendar cannot say in this time is left out. */
const ASK_TIMEOUT_MS = 1_500;

/**
 * What a call on the owner's behalf may know of them: the assistant's personality, and only what the owner shares on
 * the phone line card. The model of a call hears people from outside, so nothing else of the owner's is ever asked
 * for: no memories, no reminder titles, no career.
 */
export interface OwnerContext {
  personalityId: PersonalityId | null;
  personality: string | null;
  /** The owner's first name, for 'You've reached Ann's assistant' (null unless shared). */
  firstName: string | null;
  /** What the AI twin learned of the owner's voice, their facts and their boundaries (null unless shared and trained). */
  twin: { voice: string | null; facts: string; boundaries: string } | null;
  /** The New York times of today's plans not yet done ('2:30 PM'), never what they are; null unless shared. */
  busyToday: string[] | null;
}

/**
 * What the owner's other services know that a call may use, asked with the owner's context: their personality
 * (chat), and what they share with callers (CallerSharingService): their name (identity), today's busy times
 * (calendar), their twin (chat). Any may be down; a call never waits for them or fails because of them.
 */
@Injectable()
export class OwnerContextService {
  private readonly logger = new Logger(OwnerContextService.name);

  constructor(
    private readonly rpc: RpcClient,
    private readonly sharing: CallerSharingService,
  ) {}

  async personality(userId: string, tier: string): Promise<{ id: PersonalityId; description: string } | null> {
    const reply = await this.ask(this.rpc.call(api.chat.getPersonality, {}, ownerCtx(userId, tier)), 'chat.personality');
    const chosen = reply?.personalities.find((p) => p.id === reply.personalityId);
    return reply ? { id: reply.personalityId, description: chosen ? `${chosen.name}: ${chosen.description}` : reply.personalityId } : null;
  }

  /** The owner's first name, when they share it (the opening of an outbound call). */
  async sharedFirstName(userId: string): Promise<string | null> {
    if (!(await this.sharing.forUser(userId)).name) return null;
    const profile = await this.ask(this.rpc.call(internalApi.identity.userProfile, { userId }, ownerCtx(userId, 'free')), 'identity.users.profile');
    return profile?.firstName?.trim() || null;
  }

  /** Everything a conversation on the owner's behalf may know, asked at once; what does not answer in time is left out. */
  async forCall(userId: string, tier: string): Promise<OwnerContext> {
    const ctx = ownerCtx(userId, tier);
    const shared: CallerSharing = await this.sharing.forUser(userId);
    const [personality, reminders, profile, twin] = await Promise.all([
      this.personality(userId, tier),
      shared.availability ? this.ask(this.rpc.call(api.calendar.reminders, {}, ctx), 'calendar.reminders') : null,
      shared.name ? this.ask(this.rpc.call(internalApi.identity.userProfile, { userId }, ctx), 'identity.users.profile') : null,
      shared.twinFacts ? this.ask(this.rpc.call(api.chat.twin, {}, ctx), 'chat.twin') : null,
    ]);
    return {
      personalityId: personality?.id ?? null,
      personality: personality?.description ?? null,
      firstName: profile?.firstName?.trim() || null,
      twin: twin?.trained
        ? { voice: twin.profile?.voice_summary || null, facts: twin.facts.trim(), boundaries: twin.boundaries.trim() }
        : null,
      // Shared but calendar did not answer: nothing known, as if not shared.
      busyToday: shared.availability && reminders ? busyTimesToday(reminders) : null,
    };
  }

  private async ask<T>(call: Promise<T>, what: string): Promise<T | null> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([call, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ASK_TIMEOUT_MS)))]);
    } catch (error) {
      this.logger.debug(`${what} did not answer: ${(error as Error).message}`);
      return null;
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The owner's context for a call made on their behalf (their line rang; webhooks carry no user). */
function ownerCtx(userId: string, tier: string): RequestContext {
  return { userId, tier: tier as Tier, requestId: `telephony-call-${randomUUID()}` };
}

/** The times (New York) of today's reminders not yet done, in order: only when, never what. */
export function busyTimesToday(reminders: Reminder[], now = new Date()): string[] {
  const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(d);
  const today = day(now);
  const times = reminders
    .filter((r) => !r.done && r.reminder_time && day(new Date(r.reminder_time)) === today)
    .map((r) => new Date(r.reminder_time!))
    .sort((a, b) => a.getTime() - b.getTime())
    .map((at) => at.toLocaleTimeString('en-US', { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit' }));
  return [...new Set(times)];
}
