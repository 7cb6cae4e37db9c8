import { Controller } from '@nestjs/common';
import { api, type RequestContext } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { NoUser } from './reminders.errors';
import { RemindersService } from './reminders.service';

function userOf(ctx: RequestContext): string {
  if (!ctx.userId) throw NoUser();
  return ctx.userId;
}

/**
 * The reminders endpoints. The gateway validated `data` already; other services (chat's create_reminder action and
 * its whispers) call these subjects directly, so `data` is parsed again with the same contract: both paths behave
 * the same, with the same messages.
 */
@Controller()
export class RemindersHandler {
  constructor(private readonly reminders: RemindersService) {}

  @Handles(api.calendar.reminders)
  async list({ ctx }: HandlerInput<typeof api.calendar.reminders>) {
    return this.reminders.list(userOf(ctx));
  }

  @Handles(api.calendar.createReminder)
  async create({ ctx, data }: HandlerInput<typeof api.calendar.createReminder>) {
    return this.reminders.create(userOf(ctx), api.calendar.createReminder.request.parse(data));
  }

  @Handles(api.calendar.updateReminder)
  async update({ ctx, data }: HandlerInput<typeof api.calendar.updateReminder>) {
    return this.reminders.update(userOf(ctx), api.calendar.updateReminder.request.parse(data));
  }

  @Handles(api.calendar.deleteReminder)
  async delete({ ctx, data }: HandlerInput<typeof api.calendar.deleteReminder>) {
    return this.reminders.delete(userOf(ctx), api.calendar.deleteReminder.request.parse(data).id);
  }
}
