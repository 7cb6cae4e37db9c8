import { Injectable } from '@nestjs/common';
import type { Pattern, PatternInsight } from '@jarvis/contracts';
import { MessagesService } from '../messages/messages.service';
import { type Analysis, analyse } from './pattern-analysis';

/** How far back and how many of the user's own messages the analysis reads (one query). */
const WINDOW_DAYS = 90;
const MAX_MESSAGES = 1_000;

@Injectable()
export class PatternsService {
  constructor(private readonly messages: MessagesService) {}

  async analyse(userId: string, now = new Date()): Promise<Analysis> {
    const since = new Date(now.getTime() - WINDOW_DAYS * 24 * 60 * 60 * 1000);
    return analyse(await this.messages.userMessagesSince(userId, since, MAX_MESSAGES));
  }

  async patterns(userId: string): Promise<Pattern[]> {
    return (await this.analyse(userId)).patterns;
  }

  async insights(userId: string): Promise<PatternInsight[]> {
    return (await this.analyse(userId)).insights;
  }
}
