import { type JobMap } from '@jarvis/contracts';
import { type JobHandler, JobProcessor, type QueueJob } from '@jarvis/platform';
import { VoiceClonesService } from '../voice-clones.service';

@JobProcessor('voice.clone-voice', { concurrency: 2 })
export class CloneVoiceJob implements JobHandler<'voice.clone-voice'> {
  constructor(private readonly clones: VoiceClonesService) {}

  process = async (payload: JobMap['voice.clone-voice'], job: QueueJob<'voice.clone-voice'>) => {
    try {
      return await this.clones.runClone(payload);
    } catch (error) {
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts || 1);
      if (lastAttempt) await this.clones.giveUp(payload, `Voice cloning failed: ${(error as Error).message}`);
      throw error;
    }
  };
}
