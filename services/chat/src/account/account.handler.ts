import { Controller, type OnApplicationBootstrap } from '@nestjs/common';
import { internalApi } from '@jarvis/contracts';
import { consumeAccountDeletions, EventBus, type HandlerInput, Handles, RpcClient } from '@jarvis/platform';
import { DataSource } from 'typeorm';
import { ChatAccountService } from './account.service';

/** Chat's part of the account lifecycle: its export, its import, its erasure (asked, or on the deletion event). */
@Controller()
export class ChatAccountHandler implements OnApplicationBootstrap {
  constructor(
    private readonly account: ChatAccountService,
    private readonly events: EventBus,
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
  ) {}

  async onApplicationBootstrap() {
    await consumeAccountDeletions({ events: this.events, dataSource: this.dataSource, rpc: this.rpc, service: 'chat', erase: (userId) => this.account.erase(userId) });
  }

  @Handles(internalApi.chat.accountExport)
  export({ userId }: HandlerInput<typeof internalApi.chat.accountExport>) {
    return this.account.export(userId);
  }

  @Handles(internalApi.chat.accountImport)
  import({ userId, data }: HandlerInput<typeof internalApi.chat.accountImport>) {
    return this.account.import(userId, data.archiveKey, data.files);
  }

  @Handles(internalApi.chat.accountErase)
  erase({ data }: HandlerInput<typeof internalApi.chat.accountErase>) {
    return this.account.erase(data.userId);
  }
}
