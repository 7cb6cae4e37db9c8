import { Module } from '@nestjs/common';
import { CloningModule } from '../cloning/cloning.module';
import { UsageModule } from '../usage/usage.module';
import { VoiceAccountHandler } from './account.handler';
import { VoiceAccountService } from './account.service';

/** Export, import and erasure of a user's voice data (issue 22), through the features that own it. */
@Module({ imports: [CloningModule, UsageModule], controllers: [VoiceAccountHandler], providers: [VoiceAccountService] })
export class VoiceAccountModule {}
