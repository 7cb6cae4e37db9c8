import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { SupportService } from './support.service';

@Controller()
export class SupportHandler {
  constructor(private readonly support: SupportService) {}

  /** Parsed again here: another service may call this subject without the gateway's validation. */
  @Handles(api.notifications.contact)
  contact({ ctx, data }: HandlerInput<typeof api.notifications.contact>) {
    return this.support.contact(ctx, api.notifications.contact.request.parse(data));
  }
}
