import { Injectable } from '@nestjs/common';
import { isRowId, type JobMap, ProviderUnavailableError, type RequestContext, ValidationError } from '@jarvis/contracts';
import { createLogger, JobQueue, PermanentJobFailure } from '@jarvis/platform';
import { randomUUID } from 'node:crypto';
import { decodeBase64 } from '../audio/audio-format';
import { NoClonedVoiceError, VoiceRejectedError } from './cloning.errors';
import { VoiceCloneProvider } from './voice-clone.provider';
import { VoiceClonesRepository } from './voice-clones.repository';
import type { VoiceCloneEntity } from './entities/voice-clone.entity';

const MIN_SAMPLES = 3;
const MAX_SAMPLES = 5;
const CLONE_ATTEMPTS = 4;
/** Deleting a replaced voice: 6 runs, 30 s doubling (about 15 minutes), then again at the next completed clone. */
const DELETE_ATTEMPTS = 6;
const DELETE_BACKOFF_MS = 30_000;
const log = createLogger('voice-clones');

export interface VoiceCloningState {
  elevenLabsVoiceId: string | null;
  voiceCloningStatus: 'processing' | 'completed' | 'failed' | null;
  voiceCloningEnabled: boolean;
}

@Injectable()
export class VoiceClonesService {
  constructor(
    private readonly clones: VoiceClonesRepository,
    private readonly provider: VoiceCloneProvider,
    private readonly jobs: JobQueue,
  ) {}

  /** Keeps the samples, queues the job that sends them, and answers at once. */
  async clone(userId: string, files: { field: string; contentType: string; base64: string }[]) {
    if (files.length < MIN_SAMPLES || files.length > MAX_SAMPLES) {
      throw new ValidationError(`Voice cloning needs ${MIN_SAMPLES} to ${MAX_SAMPLES} samples; got ${files.length}.`);
    }
    if (!this.provider.configured) throw new ProviderUnavailableError('ElevenLabs', ['ELEVENLABS_API_KEY']);
    const samples = [...files]
      .sort((a, b) => a.field.localeCompare(b.field))
      .map((file) => {
        const audio = decodeBase64(file.base64, file.field);
        if (audio.length === 0) throw new ValidationError(`${file.field} is empty.`);
        return { audio, contentType: file.contentType };
      });
    const cloneId = randomUUID();
    await this.clones.startAttempt(userId, cloneId, samples);
    // Attempts and backoff said explicitly: JobQueue.add passes undefined for them, which BullMQ reads as no retry.
    await this.jobs.add('voice.clone-voice', { userId, cloneId }, { jobId: cloneId, attempts: CLONE_ATTEMPTS, backoffMs: 1_000 });
    return { status: 'processing' as const };
  }

  /** The job: safe to run twice (a finished or superseded attempt is left alone). */
  async runClone({ userId, cloneId }: JobMap['voice.clone-voice']) {
    const clone = await this.clones.find(userId);
    if (!clone || clone.cloneId !== cloneId || clone.status !== 'processing') return;
    const samples = await this.clones.samples(userId, cloneId);
    if (samples.length === 0) {
      await this.clones.finish(userId, cloneId, { failureReason: 'The samples were lost. Record new samples.' });
      return;
    }
    try {
      const voiceId = await this.provider.addVoice(`Jarvis user ${userId.slice(0, 8)}`, samples);
      await this.clones.finish(userId, cloneId, { voiceId });
    } catch (error) {
      // Rejected samples or a missing key cannot get better by retrying; anything else is retried by the queue.
      if (error instanceof VoiceRejectedError || (error instanceof ProviderUnavailableError && !this.provider.configured)) {
        await this.clones.finish(userId, cloneId, { failureReason: error.message });
        throw new PermanentJobFailure(error.message);
      }
      log.warn({ err: error, userId }, 'voice cloning attempt failed; the queue retries it');
      throw error;
    }
    // The voice this one replaced (and any an earlier sweep could not delete) goes at the provider now.
    await this.jobs.add('voice.delete-retired-voices', { userId }, { jobId: `retire-${cloneId}`, attempts: DELETE_ATTEMPTS, backoffMs: DELETE_BACKOFF_MS });
  }

  /**
   * The job after a clone completes: deletes at the provider every voice of the user's that no longer speaks. A
   * failing delete never touches the user's current voice: the row stays, the failure is logged, and the job throws
   * so the queue retries it with backoff; once those runs are spent, the user's next completed clone tries again.
   */
  async deleteRetiredVoices({ userId }: JobMap['voice.delete-retired-voices']) {
    const retired = await this.clones.retiredVoices(userId);
    if (retired.length === 0) return;
    if (!this.provider.configured) {
      log.warn({ userId, voices: retired.length }, 'retired voices kept: ELEVENLABS_API_KEY is not set, so they cannot be deleted');
      return;
    }
    let failure: unknown;
    for (const voice of retired) {
      try {
        await this.provider.deleteVoice(voice.voiceId);
        await this.clones.forgetRetired(userId, voice.voiceId);
      } catch (error) {
        failure ??= error;
        await this.clones.retiredDeleteFailed(userId, voice.voiceId, (error as Error).message);
        log.warn({ err: error, userId, voiceId: voice.voiceId, attempts: voice.attempts + 1 }, 'deleting a replaced voice at ElevenLabs failed; kept to try again');
      }
    }
    if (failure) throw failure;
  }

  /** After the last retry: the user sees failed rather than processing forever. */
  async giveUp({ userId, cloneId }: JobMap['voice.clone-voice'], reason: string) {
    await this.clones.finish(userId, cloneId, { failureReason: reason });
  }

  async status(userId: string): Promise<VoiceCloningState> {
    const clone = await this.clones.find(userId);
    return {
      elevenLabsVoiceId: clone?.voiceId ?? null,
      voiceCloningStatus: clone?.status ?? null,
      voiceCloningEnabled: Boolean(clone?.enabled && clone.voiceId),
    };
  }

  async toggle(userId: string, enabled: boolean) {
    if (!(await this.clones.setEnabled(userId, enabled))) throw new NoClonedVoiceError();
    return { enabled };
  }

  /** The voice id to speak with, when the user turned their cloned voice on and the provider is configured. */
  async activeVoice(ctx: RequestContext): Promise<string | null> {
    if (!ctx.userId || !this.provider.configured) return null;
    const clone = await this.clones.find(ctx.userId);
    return clone?.enabled && clone.voiceId ? clone.voiceId : null;
  }

  /** Account lifecycle (issue 22): the clone (its provider's voice id too) and the samples kept for it. */
  async accountRows(userId: string): Promise<{ clone: VoiceCloneEntity | null; samples: { id: string; position: number; contentType: string }[] }> {
    const [clone, samples] = await Promise.all([this.clones.find(userId), this.clones.sampleRows(userId)]);
    return { clone, samples };
  }

  /** One of the user's samples as bytes; null when it is not theirs or is gone (its clone was made since). */
  async sampleAudio(userId: string, id: string): Promise<{ contentType: string; base64: string } | null> {
    const sample = isRowId(id) ? await this.clones.sample(userId, id) : null;
    return sample && { contentType: sample.contentType, base64: sample.data.toString('base64') };
  }

  /**
   * A deleted account's voices: the clone's voice joins the retired ones and every one is deleted at ElevenLabs now;
   * one that cannot be yet is left to the `voice.delete-retired-voices` job, queued with its backoff. Done once no
   * voice of the user is left to delete.
   */
  async eraseVoices(userId: string): Promise<{ done: boolean }> {
    const running = await this.clones.retireForErasure(userId);
    if (running) await this.jobs.remove('voice.clone-voice', running).catch(() => false);
    try {
      await this.deleteRetiredVoices({ userId });
    } catch {
      await this.jobs.add('voice.delete-retired-voices', { userId }, { jobId: `erase-${userId}`, attempts: DELETE_ATTEMPTS, backoffMs: DELETE_BACKOFF_MS });
    }
    return { done: (await this.clones.retiredVoices(userId)).length === 0 };
  }
}
