import { Controller } from '@nestjs/common';
import { internalApi } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { MessagesRepository } from './messages.repository';

/** voice's analysed images enter the chat history as a question and the assistant's answer. */
@Controller()
export class ImageExchangeHandler {
  constructor(private readonly messages: MessagesRepository) {}

  @Handles(internalApi.chat.storeImageExchange)
  async store({ userId, data }: HandlerInput<typeof internalApi.chat.storeImageExchange>) {
    const question = await this.messages.insert(userId, 'user', data.question);
    const answer = await this.messages.insert(userId, 'assistant', data.answer);
    return { userMessageId: question.id, assistantMessageId: answer.id };
  }
}
