import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { RemindersService } from './reminders.service';

/**
 * The reminders endpoints, called by the gateway and by other services (chat's create_reminder action and its
 * whispers): `@Handles` validates every call with the contract, so both paths behave the same, with the same messages.
 */
@Controller()
export class RemindersHandler {
  constructor(private readonly reminders: RemindersService) {}

  @Handles(api.calendar.reminders)
  list({ userId }: HandlerInput<typeof api.calendar.reminders>) {
    return this.reminders.list(userId);
  }

  @Handles(api.calendar.createReminder)
  create({ userId, data }: HandlerInput<typeof api.calendar.createReminder>) {
    return this.reminders.create(userId, data);
  }

  @Handles(api.calendar.updateReminder)
  update({ userId, data }: HandlerInput<typeof api.calendar.updateReminder>) {
    return this.reminders.update(userId, data);
  }

  @Handles(api.calendar.deleteReminder)
  delete({ userId, data }: HandlerInput<typeof api.calendar.deleteReminder>) {
    return this.reminders.delete(userId, data.id);
  }
}
