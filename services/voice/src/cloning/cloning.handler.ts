import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { VoiceClonesService } from './voice-clones.service';

@Controller()
export class CloningHandler {
  constructor(private readonly clones: VoiceClonesService) {}

  @Handles(api.voice.cloneVoice)
  clone({ userId, data }: HandlerInput<typeof api.voice.cloneVoice>) {
    return this.clones.clone(userId, data.files);
  }

  @Handles(api.voice.voiceStatus)
  status({ userId }: HandlerInput<typeof api.voice.voiceStatus>) {
    return this.clones.status(userId);
  }

  @Handles(api.voice.toggleVoiceCloning)
  toggle({ userId, data }: HandlerInput<typeof api.voice.toggleVoiceCloning>) {
    return this.clones.toggle(userId, data.enabled);
  }
}
