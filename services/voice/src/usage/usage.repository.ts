import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { VoiceUsageEntity } from './entities/voice-usage.entity';
import type { EntityManager } from 'typeorm';

const monthOf = (date: Date) => date.toISOString().slice(0, 7);

/** Monthly usage counters, added to atomically so concurrent requests never lose a count. */
@Injectable()
export class UsageRepository {
  constructor(private readonly dataSource: DataSource) {}

  async addTranscribed(userId: string, seconds: number, at = new Date()) {
    await this.add(userId, monthOf(at), 'seconds_transcribed', seconds);
  }

  async addSpoken(userId: string, characters: number, at = new Date()) {
    await this.add(userId, monthOf(at), 'characters_spoken', characters);
  }

  find(userId: string, month: string) {
    return this.dataSource.getRepository(VoiceUsageEntity).findOneBy({ userId, month });
  }

  private async add(userId: string, month: string, column: 'seconds_transcribed' | 'characters_spoken', amount: number) {
    await this.dataSource.query(
      `INSERT INTO voice.voice_usage (user_id, month, ${column}) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, month) DO UPDATE SET ${column} = voice.voice_usage.${column} + EXCLUDED.${column}`,
      [userId, month, amount],
    );
  }

  /** Account lifecycle (issue 22): every month counted for the user. */
  ofUser(userId: string) {
    return this.dataSource.getRepository(VoiceUsageEntity).find({ where: { userId }, order: { month: 'ASC' } });
  }

  async eraseUser(manager: EntityManager, userId: string) {
    await manager.getRepository(VoiceUsageEntity).delete({ userId });
  }
}
