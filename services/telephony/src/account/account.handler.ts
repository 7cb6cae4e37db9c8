import { Controller, type OnApplicationBootstrap } from '@nestjs/common';
import { internalApi } from '@jarvis/contracts';
import { consumeAccountDeletions, EventBus, type HandlerInput, Handles, RpcClient } from '@jarvis/platform';
import { DataSource } from 'typeorm';
import { TelephonyAccountService } from './account.service';

/** Telephony's part of the account lifecycle: its export, its import, its erasure (asked, or on the deletion event). */
@Controller()
export class TelephonyAccountHandler implements OnApplicationBootstrap {
  constructor(
    private readonly account: TelephonyAccountService,
    private readonly events: EventBus,
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
  ) {}

  async onApplicationBootstrap() {
    await consumeAccountDeletions({ events: this.events, dataSource: this.dataSource, rpc: this.rpc, service: 'telephony', erase: (userId) => this.account.erase(userId) });
  }

  @Handles(internalApi.telephony.accountExport)
  export({ userId }: HandlerInput<typeof internalApi.telephony.accountExport>) {
    return this.account.export(userId);
  }

  @Handles(internalApi.telephony.accountImport)
  import({ userId, data }: HandlerInput<typeof internalApi.telephony.accountImport>) {
    return this.account.import(userId, data.archiveKey, data.files);
  }

  @Handles(internalApi.telephony.accountExportAttachment)
  attachment({ userId, data }: HandlerInput<typeof internalApi.telephony.accountExportAttachment>) {
    return this.account.attachment(userId, data.ref);
  }

  @Handles(internalApi.telephony.accountErase)
  erase({ data }: HandlerInput<typeof internalApi.telephony.accountErase>) {
    return this.account.erase(data.userId);
  }
}
