import { Controller, type OnApplicationBootstrap } from '@nestjs/common';
import { internalApi } from '@jarvis/contracts';
import { consumeAccountDeletions, EventBus, type HandlerInput, Handles, RpcClient } from '@jarvis/platform';
import { DataSource } from 'typeorm';
import { BillingAccountService } from './account.service';

/** Billing's part of the account lifecycle: its export, its import, its erasure (asked, or on the deletion event). */
@Controller()
export class BillingAccountHandler implements OnApplicationBootstrap {
  constructor(
    private readonly account: BillingAccountService,
    private readonly events: EventBus,
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
  ) {}

  async onApplicationBootstrap() {
    await consumeAccountDeletions({ events: this.events, dataSource: this.dataSource, rpc: this.rpc, service: 'billing', erase: (userId) => this.account.erase(userId) });
  }

  @Handles(internalApi.billing.accountExport)
  export({ userId }: HandlerInput<typeof internalApi.billing.accountExport>) {
    return this.account.export(userId);
  }

  @Handles(internalApi.billing.accountImport)
  import({ userId, data }: HandlerInput<typeof internalApi.billing.accountImport>) {
    return this.account.import(userId, data.archiveKey);
  }

  @Handles(internalApi.billing.accountErase)
  erase({ data }: HandlerInput<typeof internalApi.billing.accountErase>) {
    return this.account.erase(data.userId);
  }
}
