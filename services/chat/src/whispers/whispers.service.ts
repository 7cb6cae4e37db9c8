import { Injectable } from '@nestjs/common';
import { api, type Reminder, type UserContext, type Whisper } from '@jarvis/contracts';
import { createLogger, RpcClient } from '@jarvis/platform';
import { MemoriesService } from '../memories/memories.service';
import { homeLocation } from '../memories/memory-extractor';
import { PatternsService } from '../patterns/patterns.service';
import { buildWhispers } from './whisper-builder';

const log = createLogger('whispers');
/** Whispers refresh every minute; a slow calendar must not hold them for the endpoint's full 10 s deadline. */
const CALENDAR_DEADLINE_MS = 3_000;

@Injectable()
export class WhispersService {
  constructor(
    private readonly rpc: RpcClient,
    private readonly patterns: PatternsService,
    private readonly memories: MemoriesService,
  ) {}

  async list(ctx: UserContext): Promise<Whisper[]> {
    const [reminders, analysis, memories] = await Promise.all([
      this.reminders(ctx),
      this.patterns.analyse(ctx.userId),
      this.memories.forPrompt(ctx.userId),
    ]);
    return buildWhispers({ now: new Date(), reminders, patterns: analysis.patterns, homeLocation: homeLocation(memories) });
  }

  /** The caller's reminders from calendar, or null when calendar is down (those cards are then skipped). */
  private async reminders(ctx: UserContext): Promise<Reminder[] | null> {
    try {
      return await this.rpc.call(api.calendar.reminders, {}, ctx, { timeoutMs: CALENDAR_DEADLINE_MS });
    } catch (error) {
      log.warn({ err: error }, 'calendar did not answer; whispers without reminders');
      return null;
    }
  }
}
