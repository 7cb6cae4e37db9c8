import { Injectable } from '@nestjs/common';
import { UsageRepository } from './usage.repository';
import type { EntityManager } from 'typeorm';
import type { VoiceUsageEntity } from './entities/voice-usage.entity';

/** A user's monthly voice usage (seconds transcribed, characters spoken), for plans to read; counted as speech runs. */
@Injectable()
export class UsageService {
  constructor(private readonly usage: UsageRepository) {}

  async addTranscribed(userId: string, seconds: number, at = new Date()) {
    await this.usage.addTranscribed(userId, seconds, at);
  }

  async addSpoken(userId: string, characters: number, at = new Date()) {
    await this.usage.addSpoken(userId, characters, at);
  }

  /** The user's counters of a month ('YYYY-MM', UTC); null before anything was counted in it. */
  async counters(userId: string, month: string): Promise<{ secondsTranscribed: number; charactersSpoken: number } | null> {
    const row = await this.usage.find(userId, month);
    return row && { secondsTranscribed: row.secondsTranscribed, charactersSpoken: row.charactersSpoken };
  }

  /** Account lifecycle (issue 22): the user's monthly counters (this installation's: exported, never imported). */
  accountRows(userId: string): Promise<VoiceUsageEntity[]> {
    return this.usage.ofUser(userId);
  }

  eraseAccountRows(manager: EntityManager, userId: string) {
    return this.usage.eraseUser(manager, userId);
  }
}
