import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { MessagesService } from './messages.service';

@Controller()
export class MessagesHandler {
  constructor(private readonly messages: MessagesService) {}

  @Handles(api.chat.send)
  send({ ctx, data }: HandlerInput<typeof api.chat.send>) {
    return this.messages.send(ctx, data);
  }

  @Handles(api.chat.messages)
  list({ ctx }: HandlerInput<typeof api.chat.messages>) {
    return this.messages.list(ctx.userId!);
  }

  @Handles(api.chat.feedback)
  feedback({ ctx, data }: HandlerInput<typeof api.chat.feedback>) {
    return this.messages.feedback(ctx.userId!, data.messageId, data.feedbackType);
  }
}
