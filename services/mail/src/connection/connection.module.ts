import { Module } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { GoogleOAuth, OAuthStateStore } from '@jarvis/platform';
import { MAIL_CONFIG, type MailConfig } from '../config/mail.config';
import { MailboxModule } from '../mailbox/mailbox.module';
import { MailRedis } from '../redis/redis.module';
import { ConnectionHandler } from './connection.handler';
import { ConnectionRepository } from './connection.repository';
import { ConnectionService } from './connection.service';
import { MailAccess } from './mail-access';

@Module({
  imports: [MailboxModule],
  controllers: [ConnectionHandler],
  providers: [
    ConnectionService,
    ConnectionRepository,
    MailAccess,
    {
      provide: GoogleOAuth,
      inject: [MAIL_CONFIG],
      useFactory: (config: MailConfig) => new GoogleOAuth(config, api.mail.authCallback.path),
    },
    {
      provide: OAuthStateStore,
      inject: [MailRedis],
      useFactory: (redis: MailRedis) => OAuthStateStore.for(redis.client, redis.prefix, 'mail'),
    },
  ],
  exports: [MailAccess],
})
export class ConnectionModule {}
