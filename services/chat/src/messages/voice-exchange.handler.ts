import { Controller } from '@nestjs/common';
import { internalApi } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { MessagesService } from './messages.service';

/**
 * voice's live sessions (`/api/voice/live`): what the model is told (the chat's prompt, for speech), and each spoken
 * exchange into the chat history like any other turn.
 */
@Controller()
export class VoiceExchangeHandler {
  constructor(private readonly messages: MessagesService) {}

  @Handles(internalApi.chat.liveVoiceInstructions)
  instructions({ ctx }: HandlerInput<typeof internalApi.chat.liveVoiceInstructions>) {
    return this.messages.liveVoiceInstructions(ctx);
  }

  @Handles(internalApi.chat.storeVoiceExchange)
  store({ userId, data }: HandlerInput<typeof internalApi.chat.storeVoiceExchange>) {
    return this.messages.storeVoiceExchange(userId, data.transcript, data.reply);
  }
}
