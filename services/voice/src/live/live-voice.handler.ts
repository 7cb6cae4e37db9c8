import { Controller } from '@nestjs/common';
import { api, audioStreams } from '@jarvis/contracts';
import { type AudioStreamOpening, Handles, HandlesAudioStream } from '@jarvis/platform';
import { LiveVoiceService } from './live-voice.service';

/** `/api/voice/live` (the gateway admitted a signed-in browser of the app's origin) and whether it is on. */
@Controller()
export class LiveVoiceHandler {
  constructor(private readonly live: LiveVoiceService) {}

  @Handles(api.voice.liveVoiceStatus)
  status() {
    return this.live.status();
  }

  @HandlesAudioStream(audioStreams.liveVoice)
  open({ ctx }: AudioStreamOpening) {
    return this.live.open(ctx);
  }
}
