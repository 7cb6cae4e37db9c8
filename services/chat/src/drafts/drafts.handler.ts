import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { DraftsService } from './drafts.service';

@Controller()
export class DraftsHandler {
  constructor(private readonly drafts: DraftsService) {}

  @Handles(api.chat.draftMessage)
  message({ ctx, data }: HandlerInput<typeof api.chat.draftMessage>) {
    return this.drafts.message(ctx, data);
  }
}
