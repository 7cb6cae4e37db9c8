import { Module } from '@nestjs/common';
import { InboxModule } from '../inbox/inbox.module';
import { PushModule } from '../push/push.module';
import { BriefingRepository } from './briefing.repository';
import { BriefingService } from './briefing.service';

@Module({ imports: [InboxModule, PushModule], providers: [BriefingService, BriefingRepository] })
export class BriefingModule {}
