import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { InboxService } from './inbox.service';

@Controller()
export class InboxHandler {
  constructor(private readonly inbox: InboxService) {}

  @Handles(api.notifications.list)
  list({ ctx }: HandlerInput<typeof api.notifications.list>) {
    return this.inbox.list(ctx.userId!);
  }

  @Handles(api.notifications.markRead)
  markRead({ ctx, data }: HandlerInput<typeof api.notifications.markRead>) {
    return this.inbox.markRead(ctx.userId!, data.id);
  }

  @Handles(api.notifications.markAllRead)
  markAllRead({ ctx }: HandlerInput<typeof api.notifications.markAllRead>) {
    return this.inbox.markAllRead(ctx.userId!);
  }

  @Handles(api.notifications.remove)
  remove({ ctx, data }: HandlerInput<typeof api.notifications.remove>) {
    return this.inbox.remove(ctx.userId!, data.id);
  }
}
