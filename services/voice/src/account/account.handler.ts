import { Controller, type OnApplicationBootstrap } from '@nestjs/common';
import { internalApi } from '@jarvis/contracts';
import { consumeAccountDeletions, EventBus, type HandlerInput, Handles, RpcClient } from '@jarvis/platform';
import { DataSource } from 'typeorm';
import { VoiceAccountService } from './account.service';

/** Voice's part of the account lifecycle: its export, its import, its erasure (asked, or on the deletion event). */
@Controller()
export class VoiceAccountHandler implements OnApplicationBootstrap {
  constructor(
    private readonly account: VoiceAccountService,
    private readonly events: EventBus,
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
  ) {}

  async onApplicationBootstrap() {
    await consumeAccountDeletions({ events: this.events, dataSource: this.dataSource, rpc: this.rpc, service: 'voice', erase: (userId) => this.account.erase(userId) });
  }

  @Handles(internalApi.voice.accountExport)
  export({ userId }: HandlerInput<typeof internalApi.voice.accountExport>) {
    return this.account.export(userId);
  }

  @Handles(internalApi.voice.accountImport)
  import({ userId, data }: HandlerInput<typeof internalApi.voice.accountImport>) {
    return this.account.import(userId, data.archiveKey);
  }

  @Handles(internalApi.voice.accountExportAttachment)
  attachment({ userId, data }: HandlerInput<typeof internalApi.voice.accountExportAttachment>) {
    return this.account.attachment(userId, data.ref);
  }

  @Handles(internalApi.voice.accountErase)
  erase({ data }: HandlerInput<typeof internalApi.voice.accountErase>) {
    return this.account.erase(data.userId);
  }
}
