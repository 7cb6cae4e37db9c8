import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { SupportService } from './support.service';

@Controller()
export class SupportHandler {
  constructor(private readonly support: SupportService) {}

  @Handles(api.notifications.contact)
  contact({ ctx, data }: HandlerInput<typeof api.notifications.contact>) {
    return this.support.contact(ctx, data);
  }
}
