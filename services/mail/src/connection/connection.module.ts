import { Module } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { GoogleConnectionKit, OAuthStateStore, RedisConnection } from '@jarvis/platform';
import { MAIL_CONFIG, type MailConfig } from '../config/mail.config';
import { MailboxModule } from '../mailbox/mailbox.module';
import { MAIL_SCOPES } from './connection.errors';
import { ConnectionHandler } from './connection.handler';
import { ConnectionRepository } from './connection.repository';
import { ConnectionService, type MailOAuthState } from './connection.service';
import { MailAccess } from './mail-access';

@Module({
  imports: [MailboxModule],
  controllers: [ConnectionHandler],
  providers: [
    ConnectionService,
    ConnectionRepository,
    MailAccess,
    {
      provide: GoogleConnectionKit,
      inject: [MAIL_CONFIG, RedisConnection],
      useFactory: (config: MailConfig, redis: RedisConnection) =>
        new GoogleConnectionKit<MailOAuthState>(config, {
          name: 'Gmail',
          callbackPath: api.mail.authCallback.path,
          scopes: MAIL_SCOPES,
          // Deleting for good needs the full scope, and the E-mail page needs modify: a grant without one is refused.
          requiredScopes: MAIL_SCOPES,
          states: OAuthStateStore.for(redis, 'mail'),
        }),
    },
  ],
  exports: [MailAccess, ConnectionService],
})
export class ConnectionModule {}
