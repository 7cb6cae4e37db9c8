import { type JobMap } from '@jarvis/contracts';
import { type JobHandler, JobProcessor } from '@jarvis/platform';
import { VoiceClonesService } from '../voice-clones.service';

/** One sweep of a user's retired voices at a time (across replicas), so no voice is deleted twice. */
@JobProcessor('voice.delete-retired-voices', { exclusiveBy: (payload) => payload.userId })
export class DeleteRetiredVoicesJob implements JobHandler<'voice.delete-retired-voices'> {
  constructor(private readonly clones: VoiceClonesService) {}

  process = (payload: JobMap['voice.delete-retired-voices']) => this.clones.deleteRetiredVoices(payload);
}
