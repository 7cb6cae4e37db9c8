import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { PatternsService } from './patterns.service';

@Controller()
export class PatternsHandler {
  constructor(private readonly patterns: PatternsService) {}

  @Handles(api.chat.patterns)
  list({ userId }: HandlerInput<typeof api.chat.patterns>) {
    return this.patterns.patterns(userId);
  }

  @Handles(api.chat.patternInsights)
  insights({ userId }: HandlerInput<typeof api.chat.patternInsights>) {
    return this.patterns.insights(userId);
  }
}
