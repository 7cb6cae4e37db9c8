import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { MessagesService } from './messages.service';

@Controller()
export class MessagesHandler {
  constructor(private readonly messages: MessagesService) {}

  @Handles(api.chat.send)
  send({ ctx, data, stream }: HandlerInput<typeof api.chat.send>) {
    return this.messages.send(ctx, data, stream);
  }

  @Handles(api.chat.messages)
  list({ userId }: HandlerInput<typeof api.chat.messages>) {
    return this.messages.list(userId);
  }

  @Handles(api.chat.setActionOutcome)
  setActionOutcome({ userId, data }: HandlerInput<typeof api.chat.setActionOutcome>) {
    return this.messages.setActionOutcome(userId, data.id, data.index, data.executed);
  }

  @Handles(api.chat.feedback)
  feedback({ userId, data }: HandlerInput<typeof api.chat.feedback>) {
    return this.messages.feedback(userId, data.messageId, data.feedbackType);
  }
}
