import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { ConversationsService } from './conversations.service';

@Controller()
export class ConversationsHandler {
  constructor(private readonly conversations: ConversationsService) {}

  @Handles(api.chat.saveConversation)
  save({ userId, data }: HandlerInput<typeof api.chat.saveConversation>) {
    return this.conversations.save(userId, data);
  }

  @Handles(api.chat.conversations)
  list({ userId }: HandlerInput<typeof api.chat.conversations>) {
    return this.conversations.list(userId);
  }

  @Handles(api.chat.deleteConversation)
  delete({ userId, data }: HandlerInput<typeof api.chat.deleteConversation>) {
    return this.conversations.delete(userId, data.id);
  }

  @Handles(api.chat.shareConversation)
  share({ userId, data }: HandlerInput<typeof api.chat.shareConversation>) {
    return this.conversations.share(userId, data.id, data.isPublic);
  }

  /** Public: the visitor has no user id; the token is the only key. */
  @Handles(api.chat.shared)
  shared({ data }: HandlerInput<typeof api.chat.shared>) {
    return this.conversations.shared(data.shareToken);
  }

  @Handles(api.chat.recoverSearch)
  recoverSearch({ userId, data }: HandlerInput<typeof api.chat.recoverSearch>) {
    return this.conversations.recoverSearch(userId, data.title);
  }

  @Handles(api.chat.recoverClaim)
  recoverClaim({ userId, data }: HandlerInput<typeof api.chat.recoverClaim>) {
    return this.conversations.recoverClaim(userId, data.id);
  }
}
