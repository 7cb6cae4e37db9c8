import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { MessagesService } from './messages.service';

@Controller()
export class MessagesHandler {
  constructor(private readonly messages: MessagesService) {}

  @Handles(api.mail.list)
  list({ userId, data }: HandlerInput<typeof api.mail.list>) {
    return this.messages.list(userId, data);
  }

  @Handles(api.mail.detail)
  detail({ userId, data }: HandlerInput<typeof api.mail.detail>) {
    return this.messages.detail(userId, data);
  }

  @Handles(api.mail.unsubscribe)
  unsubscribe({ ctx, data }: HandlerInput<typeof api.mail.unsubscribe>) {
    return this.messages.unsubscribe(ctx, data.messageId);
  }

  @Handles(api.mail.trash)
  trash({ ctx, data }: HandlerInput<typeof api.mail.trash>) {
    return this.messages.trash(ctx, data.messageId);
  }

  @Handles(api.mail.remove)
  remove({ ctx, data }: HandlerInput<typeof api.mail.remove>) {
    return this.messages.remove(ctx, data.messageId);
  }

  @Handles(api.mail.spam)
  spam({ ctx, data }: HandlerInput<typeof api.mail.spam>) {
    return this.messages.spam(ctx, data.messageId);
  }
}
