import { Injectable, Logger } from '@nestjs/common';
import { api, type PersonalityId, type Reminder, type RequestContext, type Tier } from '@jarvis/contracts';
import { RpcClient } from '@jarvis/platform';
import { randomUUID } from 'node:crypto';

/** A caller is waiting: what chat or calendar cannot say in this time is left out. */
const ASK_TIMEOUT_MS = 1_500;

export interface OwnerContext {
  personalityId: PersonalityId | null;
  personality: string | null;
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

  async forCall(userId: string, tier: string): Promise<OwnerContext> {
    const [personality, reminders] = await Promise.all([
      this.personality(userId, tier),
      this.ask(this.rpc.call(api.calendar.reminders, {}, ownerCtx(userId, tier)), 'calendar.reminders'),
    ]);
    return { personalityId: personality?.id ?? null, personality: personality?.description ?? null, todaysReminders: today(reminders ?? []) };
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

function today(reminders: Reminder[]): string[] {
  const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(d);
  const now = day(new Date());
  return reminders
    .filter((r) => !r.done && r.reminder_time && day(new Date(r.reminder_time)) === now)
    .map((r) => `${r.title} at ${new Date(r.reminder_time!).toLocaleTimeString('en-US', { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit' })}`);
}
