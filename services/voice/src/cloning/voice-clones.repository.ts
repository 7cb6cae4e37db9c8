import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { RetiredVoiceEntity } from './entities/retired-voice.entity';
import { VoiceCloneEntity } from './entities/voice-clone.entity';
import { VoiceSampleEntity } from './entities/voice-sample.entity';
import type { VoiceSample } from './voice-clone.provider';

/** A user's cloned voice, the samples waiting for its job and its retired voices; every query scoped by userId. */
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

  /**
   * Ends the attempt `cloneId` (only if it is still the latest) and drops its samples. A new voice replaces the
   * earlier one, which is retired (kept for deletion at the provider) in the same transaction, so no voice id is ever
   * forgotten; a voice made for an attempt that was superseded meanwhile is retired at once. Answers whether a voice
   * was retired.
   */
  async finish(userId: string, cloneId: string, outcome: { voiceId: string } | { failureReason: string }): Promise<{ retired: boolean }> {
    return this.dataSource.transaction(async (tx) => {
      const current = (await tx.query(
        `SELECT voice_id FROM voice.voice_clones WHERE user_id = $1 AND clone_id = $2 AND status = 'processing' FOR UPDATE`,
        [userId, cloneId],
      )) as { voice_id: string | null }[];
      await tx.delete(VoiceSampleEntity, { userId, cloneId });
      if (!('voiceId' in outcome)) {
        if (current.length > 0) await tx.query(`UPDATE voice.voice_clones SET status = 'failed', failure_reason = $2, updated_at = now() WHERE user_id = $1`, [userId, outcome.failureReason]);
        return { retired: false };
      }
      if (current.length === 0) {
        await retire(tx, userId, outcome.voiceId);
        return { retired: true };
      }
      await tx.query(`UPDATE voice.voice_clones SET status = 'completed', voice_id = $2, updated_at = now() WHERE user_id = $1`, [userId, outcome.voiceId]);
      const previous = current[0].voice_id;
      if (previous === null || previous === outcome.voiceId) return { retired: false };
      await retire(tx, userId, previous);
      return { retired: true };
    });
  }

  /** The user's voices waiting to be deleted at the provider, oldest first. */
  retiredVoices(userId: string): Promise<RetiredVoiceEntity[]> {
    return this.dataSource.getRepository(RetiredVoiceEntity).find({ where: { userId }, order: { retiredAt: 'ASC' } });
  }

  /** The provider has deleted it. */
  async forgetRetired(userId: string, voiceId: string) {
    await this.dataSource.getRepository(RetiredVoiceEntity).delete({ userId, voiceId });
  }

  async retiredDeleteFailed(userId: string, voiceId: string, error: string) {
    await this.dataSource.query(
      `UPDATE voice.retired_voices SET attempts = attempts + 1, last_error = $3 WHERE user_id = $1 AND voice_id = $2`,
      [userId, voiceId, error.slice(0, 500)],
    );
  }

  async setEnabled(userId: string, enabled: boolean): Promise<boolean> {
    const result = await this.clones.createQueryBuilder().update().set({ enabled }).where('user_id = :userId AND voice_id IS NOT NULL', { userId }).execute();
    return (result.affected ?? 0) > 0;
  }

  /** Account lifecycle (issue 22): the samples kept for the user's latest attempt (without their audio). */
  sampleRows(userId: string) {
    return this.dataSource.getRepository(VoiceSampleEntity).find({ select: { id: true, position: true, contentType: true }, where: { userId }, order: { position: 'ASC' } });
  }

  /** One of the user's samples with its audio; null for another user's or an unknown id. */
  async sample(userId: string, id: string): Promise<VoiceSampleEntity | null> {
    return this.dataSource.getRepository(VoiceSampleEntity).findOneBy({ id, userId });
  }

  /**
   * A deleted account's voice: the clone's voice retired (kept for deletion at the provider, as a replaced one is),
   * then its row and samples removed, in one transaction. Answers the attempt that was running, if any.
   */
  async retireForErasure(userId: string): Promise<string | null> {
    return this.dataSource.transaction(async (tx) => {
      const clone = await tx.getRepository(VoiceCloneEntity).findOneBy({ userId });
      if (clone?.voiceId) await retire(tx, userId, clone.voiceId);
      await tx.delete(VoiceSampleEntity, { userId });
      await tx.delete(VoiceCloneEntity, { userId });
      return clone?.status === 'processing' ? clone.cloneId : null;
    });
  }
}

async function retire(tx: EntityManager, userId: string, voiceId: string) {
  await tx.query(`INSERT INTO voice.retired_voices (voice_id, user_id) VALUES ($1, $2) ON CONFLICT (voice_id) DO NOTHING`, [voiceId, userId]);
}
