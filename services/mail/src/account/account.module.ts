import { Module } from '@nestjs/common';
import { ConnectionModule } from '../connection/connection.module';
import { MailAccountHandler } from './account.handler';
import { MailAccountService } from './account.service';

/** Export, import and erasure of a user's mail data (issue 22), through the feature that owns it. */
@Module({ imports: [ConnectionModule], controllers: [MailAccountHandler], providers: [MailAccountService] })
export class MailAccountModule {}
