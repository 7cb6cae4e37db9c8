import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { CalendarSyncService } from './calendar-sync.service';

@Controller()
export class CalendarSyncHandler {
  constructor(private readonly sync: CalendarSyncService) {}

  @Handles(api.calendar.syncSettings)
  updateSettings({ userId, data }: HandlerInput<typeof api.calendar.syncSettings>) {
    return this.sync.updateSettings(userId, data);
  }

  @Handles(api.calendar.syncStatus)
  status({ userId }: HandlerInput<typeof api.calendar.syncStatus>) {
    return this.sync.status(userId);
  }

  @Handles(api.calendar.sync)
  run({ ctx }: HandlerInput<typeof api.calendar.sync>) {
    return this.sync.run(ctx);
  }

  @Handles(api.calendar.deleteSyncedEvent)
  removeSynced({ ctx, data }: HandlerInput<typeof api.calendar.deleteSyncedEvent>) {
    return this.sync.removeSynced(ctx, data.id);
  }
}
