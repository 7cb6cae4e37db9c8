import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { ConnectionService } from './connection.service';

@Controller()
export class ConnectionHandler {
  constructor(private readonly connection: ConnectionService) {}

  @Handles(api.mail.status)
  status({ userId }: HandlerInput<typeof api.mail.status>) {
    return this.connection.status(userId);
  }

  @Handles(api.mail.authUrl)
  authUrl({ userId, data }: HandlerInput<typeof api.mail.authUrl>) {
    return this.connection.authUrl(userId, data.returnTo);
  }

  @Handles(api.mail.authCallback)
  callback({ userId, data }: HandlerInput<typeof api.mail.authCallback>) {
    return this.connection.callback(userId, data);
  }

  @Handles(api.mail.disconnect)
  disconnect({ userId }: HandlerInput<typeof api.mail.disconnect>) {
    return this.connection.disconnect(userId);
  }
}
