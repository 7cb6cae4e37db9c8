import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { TwinService } from './twin.service';

@Controller()
export class TwinHandler {
  constructor(private readonly twin: TwinService) {}

  @Handles(api.chat.twin)
  get({ userId }: HandlerInput<typeof api.chat.twin>) {
    return this.twin.get(userId);
  }

  @Handles(api.chat.trainTwin)
  train({ ctx, data }: HandlerInput<typeof api.chat.trainTwin>) {
    return this.twin.train(ctx, data);
  }
}
