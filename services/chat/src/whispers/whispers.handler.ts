import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { WhispersService } from './whispers.service';

@Controller()
export class WhispersHandler {
  constructor(private readonly whispers: WhispersService) {}

  @Handles(api.chat.whispers)
  list({ ctx }: HandlerInput<typeof api.chat.whispers>) {
    return this.whispers.list(ctx);
  }
}
