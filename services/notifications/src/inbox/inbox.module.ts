import { Module } from '@nestjs/common';
import { InboxHandler } from './inbox.handler';
import { InboxRepository } from './inbox.repository';
import { InboxService } from './inbox.service';

@Module({ controllers: [InboxHandler], providers: [InboxService, InboxRepository], exports: [InboxService] })
export class InboxModule {}
