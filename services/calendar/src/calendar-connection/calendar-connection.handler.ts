import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { CalendarConnectionService } from './calendar-connection.service';

@Controller()
export class CalendarConnectionHandler {
  constructor(private readonly connection: CalendarConnectionService) {}

  @Handles(api.calendar.connect)
  start({ ctx }: HandlerInput<typeof api.calendar.connect>) {
    return this.connection.start(ctx);
  }

  @Handles(api.calendar.oauthCallback)
  callback({ ctx, data }: HandlerInput<typeof api.calendar.oauthCallback>) {
    return this.connection.callback(ctx, data);
  }

  @Handles(api.calendar.connectionStatus)
  status({ userId }: HandlerInput<typeof api.calendar.connectionStatus>) {
    return this.connection.status(userId);
  }

  @Handles(api.calendar.disconnect)
  disconnect({ userId }: HandlerInput<typeof api.calendar.disconnect>) {
    return this.connection.disconnect(userId);
  }
}
