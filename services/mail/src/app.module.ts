import { Module } from '@nestjs/common';
import { ServicePlatformModule } from '@jarvis/platform';
import { MailAccountModule } from './account/account.module';
import { mailConfig } from './config/mail.config';
import { ConnectionModule } from './connection/connection.module';
import { mailEntities } from './entities';
import { MessagesModule } from './messages/messages.module';
import { mailMigrations } from './migrations';

@Module({
  imports: [
    ServicePlatformModule.forService({ name: 'mail', config: mailConfig, database: { entities: mailEntities, migrations: mailMigrations } }),
    ConnectionModule,
    MessagesModule,
    MailAccountModule,
  ],
})
export class AppModule {}
