import { Controller, type OnApplicationBootstrap } from '@nestjs/common';
import { internalApi } from '@jarvis/contracts';
import { consumeAccountDeletions, EventBus, type HandlerInput, Handles, RpcClient } from '@jarvis/platform';
import { DataSource } from 'typeorm';
import { MailAccountService } from './account.service';

/** Mail's part of the account lifecycle: its export, its import, its erasure (asked, or on the deletion event). */
@Controller()
export class MailAccountHandler implements OnApplicationBootstrap {
  constructor(
    private readonly account: MailAccountService,
    private readonly events: EventBus,
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
  ) {}

  async onApplicationBootstrap() {
    await consumeAccountDeletions({ events: this.events, dataSource: this.dataSource, rpc: this.rpc, service: 'mail', erase: (userId) => this.account.erase(userId) });
  }

  @Handles(internalApi.mail.accountExport)
  export({ userId }: HandlerInput<typeof internalApi.mail.accountExport>) {
    return this.account.export(userId);
  }

  @Handles(internalApi.mail.accountImport)
  import({ userId, data }: HandlerInput<typeof internalApi.mail.accountImport>) {
    return this.account.import(userId, data.archiveKey);
  }

  @Handles(internalApi.mail.accountErase)
  erase({ data }: HandlerInput<typeof internalApi.mail.accountErase>) {
    return this.account.erase(data.userId);
  }
}
