import { Controller, type OnApplicationBootstrap } from '@nestjs/common';
import { internalApi } from '@jarvis/contracts';
import { consumeAccountDeletions, EventBus, type HandlerInput, Handles, RpcClient } from '@jarvis/platform';
import { DataSource } from 'typeorm';
import { CalendarAccountService } from './account.service';

/** Calendar's part of the account lifecycle: its export, its import, its erasure (asked, or on the deletion event). */
@Controller()
export class CalendarAccountHandler implements OnApplicationBootstrap {
  constructor(
    private readonly account: CalendarAccountService,
    private readonly events: EventBus,
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
  ) {}

  async onApplicationBootstrap() {
    await consumeAccountDeletions({ events: this.events, dataSource: this.dataSource, rpc: this.rpc, service: 'calendar', erase: (userId) => this.account.erase(userId) });
  }

  @Handles(internalApi.calendar.accountExport)
  export({ userId }: HandlerInput<typeof internalApi.calendar.accountExport>) {
    return this.account.export(userId);
  }

  @Handles(internalApi.calendar.accountImport)
  import({ userId, data }: HandlerInput<typeof internalApi.calendar.accountImport>) {
    return this.account.import(userId, data.archiveKey, data.files);
  }

  @Handles(internalApi.calendar.accountErase)
  erase({ data }: HandlerInput<typeof internalApi.calendar.accountErase>) {
    return this.account.erase(data.userId);
  }
}
