import { Module } from '@nestjs/common';
import { CloningHandler } from './cloning.handler';
import { ElevenLabsAdapter } from './elevenlabs.adapter';
import { CloneVoiceJob } from './jobs/clone-voice.job';
import { DeleteRetiredVoicesJob } from './jobs/delete-retired-voices.job';
import { VoiceCloneProvider } from './voice-clone.provider';
import { VoiceClonesRepository } from './voice-clones.repository';
import { VoiceClonesService } from './voice-clones.service';

@Module({
  controllers: [CloningHandler],
  providers: [VoiceClonesService, VoiceClonesRepository, CloneVoiceJob, DeleteRetiredVoicesJob, { provide: VoiceCloneProvider, useClass: ElevenLabsAdapter }],
  exports: [VoiceClonesService, VoiceCloneProvider],
})
export class CloningModule {}
