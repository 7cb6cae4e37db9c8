import { Controller, type OnApplicationBootstrap } from '@nestjs/common';
import { internalApi } from '@jarvis/contracts';
import { consumeAccountDeletions, EventBus, type HandlerInput, Handles, RpcClient } from '@jarvis/platform';
import { DataSource } from 'typeorm';
import { NotificationsAccountService } from './account.service';

/** Notifications's part of the account lifecycle: its export, its import, its erasure (asked, or on the deletion event). */
@Controller()
export class NotificationsAccountHandler implements OnApplicationBootstrap {
  constructor(
    private readonly account: NotificationsAccountService,
    private readonly events: EventBus,
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
  ) {}

  async onApplicationBootstrap() {
    await consumeAccountDeletions({ events: this.events, dataSource: this.dataSource, rpc: this.rpc, service: 'notifications', erase: (userId) => this.account.erase(userId) });
  }

  @Handles(internalApi.notifications.accountExport)
  export({ userId }: HandlerInput<typeof internalApi.notifications.accountExport>) {
    return this.account.export(userId);
  }

  @Handles(internalApi.notifications.accountImport)
  import({ userId, data }: HandlerInput<typeof internalApi.notifications.accountImport>) {
    return this.account.import(userId, data.archiveKey, data.files);
  }

  @Handles(internalApi.notifications.accountErase)
  erase({ data }: HandlerInput<typeof internalApi.notifications.accountErase>) {
    return this.account.erase(data.userId);
  }
}
