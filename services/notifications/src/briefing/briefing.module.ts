import { Module } from '@nestjs/common';
import { InboxModule } from '../inbox/inbox.module';
import { PreferencesModule } from '../preferences/preferences.module';
import { PushModule } from '../push/push.module';
import { BriefingService } from './briefing.service';

@Module({ imports: [InboxModule, PreferencesModule, PushModule], providers: [BriefingService] })
export class BriefingModule {}
