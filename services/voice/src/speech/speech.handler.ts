import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { SpeechService } from './speech.service';

@Controller()
export class SpeechHandler {
  constructor(private readonly speech: SpeechService) {}

  @Handles(api.voice.speak)
  speak({ ctx, data }: HandlerInput<typeof api.voice.speak>) {
    return this.speech.speak(ctx, data.text);
  }

  @Handles(api.voice.transcribe)
  transcribe({ userId, data }: HandlerInput<typeof api.voice.transcribe>) {
    return this.speech.transcribe(userId, data);
  }

  @Handles(api.voice.translate)
  translate({ data }: HandlerInput<typeof api.voice.translate>) {
    return this.speech.translate(data);
  }
}
