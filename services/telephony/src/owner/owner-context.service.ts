import { Injectable, Logger } from '@nestjs/common';
import { api, internalApi, type Memory, type PersonalityId, type Reminder, type RequestContext, type Tier } from '@jarvis/contracts';
import { RpcClient } from '@jarvis/platform';
import { randomUUID } from 'node:crypto';

/** A caller is waiting: what chat or calendar cannot say in this time is left out. */
const ASK_TIMEOUT_MS = 1_500;

/** The memories a call may draw on: the most important few, short. */
export const CALL_MEMORY_LIMIT = 8;

export interface OwnerContext {
  personalityId: PersonalityId | null;
  personality: string | null;
  /** The owner's first name, for 'You've reached Ann's assistant'. */
  firstName: string | null;
  /** 'Name: description' of the owner's career profile. */
  career: string | null;
  /** The owner's most important memories, most important first. */
  memories: string[];
  /** What the AI twin learned of the owner's voice, their facts and their boundaries (empty when untrained). */
  twin: { voice: string | null; facts: string; boundaries: string } | null;
  /** Titles and times of today's reminders not yet done. */
  todaysReminders: string[];
}

/**
 * What the owner's other services know that a call needs: their personality (chat) and today's reminders (calendar),
 * asked with the owner's context. Either may be down; a call never waits for them or fails because of them.
 */
@Injectable()
export class OwnerContextService {
  private readonly logger = new Logger(OwnerContextService.name);

  constructor(private readonly rpc: RpcClient) {}

  async personality(userId: string, tier: string): Promise<{ id: PersonalityId; description: string } | null> {
    const reply = await this.ask(this.rpc.call(api.chat.getPersonality, {}, ownerCtx(userId, tier)), 'chat.personality');
    const chosen = reply?.personalities.find((p) => p.id === reply.personalityId);
    return reply ? { id: reply.personalityId, description: chosen ? `${chosen.name}: ${chosen.description}` : reply.personalityId } : null;
  }

  /** Everything a conversation on the owner's behalf should know, asked at once; what does not answer in time is left out. */
  async forCall(userId: string, tier: string): Promise<OwnerContext> {
    const ctx = ownerCtx(userId, tier);
    const [personality, reminders, profile, career, memories, twin] = await Promise.all([
      this.personality(userId, tier),
      this.ask(this.rpc.call(api.calendar.reminders, {}, ctx), 'calendar.reminders'),
      this.ask(this.rpc.call(internalApi.identity.userProfile, { userId }, ctx), 'identity.users.profile'),
      this.ask(this.rpc.call(api.chat.getCareer, {}, ctx), 'chat.career'),
      this.ask(this.rpc.call(api.chat.memories, {}, ctx), 'chat.memories'),
      this.ask(this.rpc.call(api.chat.twin, {}, ctx), 'chat.twin'),
    ]);
    const chosenCareer = career?.careers.find((c) => c.id === career.careerProfile);
    return {
      personalityId: personality?.id ?? null,
      personality: personality?.description ?? null,
      firstName: profile?.firstName?.trim() || null,
      career: chosenCareer ? `${chosenCareer.name}: ${chosenCareer.description}` : null,
      memories: topMemories(memories ?? []),
      twin: twin?.trained
        ? { voice: twin.profile?.voice_summary || null, facts: twin.facts.trim(), boundaries: twin.boundaries.trim() }
        : null,
      todaysReminders: today(reminders ?? []),
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

function topMemories(memories: Memory[]): string[] {
  return [...memories]
    .sort((a, b) => b.importance - a.importance)
    .slice(0, CALL_MEMORY_LIMIT)
    .map((m) => m.content.replace(/\s+/g, ' ').slice(0, 200));
}

function today(reminders: Reminder[]): string[] {
  const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(d);
  const now = day(new Date());
  return reminders
    .filter((r) => !r.done && r.reminder_time && day(new Date(r.reminder_time)) === now)
    .map((r) => `${r.title} at ${new Date(r.reminder_time!).toLocaleTimeString('en-US', { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit' })}`);
}
