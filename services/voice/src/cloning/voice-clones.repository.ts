import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { VoiceCloneEntity } from './entities/voice-clone.entity';
import { VoiceSampleEntity } from './entities/voice-sample.entity';
import type { VoiceSample } from './voice-clone.provider';

/** A user's cloned voice and the samples waiting for its job; every query scoped by userId. */
@Injectable()
export class VoiceClonesRepository {
  private readonly clones: Repository<VoiceCloneEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.clones = dataSource.getRepository(VoiceCloneEntity);
  }

  find(userId: string): Promise<VoiceCloneEntity | null> {
    return this.clones.findOneBy({ userId });
  }

  /** Starts a new attempt: the row goes to processing (keeping an earlier voice id) and its samples replace any older ones. */
  async startAttempt(userId: string, cloneId: string, samples: VoiceSample[]) {
    await this.dataSource.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO voice.voice_clones (user_id, clone_id, status) VALUES ($1, $2, 'processing')
         ON CONFLICT (user_id) DO UPDATE SET clone_id = EXCLUDED.clone_id, status = 'processing', failure_reason = NULL, updated_at = now()`,
        [userId, cloneId],
      );
      await tx.delete(VoiceSampleEntity, { userId });
      await tx.insert(
        VoiceSampleEntity,
        samples.map((s, position) => ({ userId, cloneId, position, contentType: s.contentType, data: s.audio })),
      );
    });
  }

  async samples(userId: string, cloneId: string): Promise<VoiceSample[]> {
    const rows = await this.dataSource.getRepository(VoiceSampleEntity).find({ where: { userId, cloneId }, order: { position: 'ASC' } });
    return rows.map((row) => ({ audio: row.data, contentType: row.contentType }));
  }

  /** Ends the attempt `cloneId` (only if it is still the latest) and drops its samples. */
  async finish(userId: string, cloneId: string, outcome: { voiceId: string } | { failureReason: string }): Promise<boolean> {
    return this.dataSource.transaction(async (tx) => {
      const result =
        'voiceId' in outcome
          ? await tx.query(`UPDATE voice.voice_clones SET status = 'completed', voice_id = $3, updated_at = now() WHERE user_id = $1 AND clone_id = $2 AND status = 'processing'`, [userId, cloneId, outcome.voiceId])
          : await tx.query(`UPDATE voice.voice_clones SET status = 'failed', failure_reason = $3, updated_at = now() WHERE user_id = $1 AND clone_id = $2 AND status = 'processing'`, [userId, cloneId, outcome.failureReason]);
      await tx.delete(VoiceSampleEntity, { userId, cloneId });
      return (result as [unknown, number])[1] > 0;
    });
  }

  async setEnabled(userId: string, enabled: boolean): Promise<boolean> {
    const result = await this.clones.createQueryBuilder().update().set({ enabled }).where('user_id = :userId AND voice_id IS NOT NULL', { userId }).execute();
    return (result.affected ?? 0) > 0;
  }
}
