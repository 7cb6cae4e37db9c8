import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { VisionService } from './vision.service';

@Controller()
export class VisionHandler {
  constructor(private readonly vision: VisionService) {}

  @Handles(api.voice.analyzeImage)
  analyze({ ctx, data }: HandlerInput<typeof api.voice.analyzeImage>) {
    return this.vision.analyze(ctx, data);
  }
}
