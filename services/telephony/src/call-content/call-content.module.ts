import { Module } from '@nestjs/common';
import { LotteryProvider } from './lottery.provider';
import { NyOpenDataAdapter } from './ny-open-data.adapter';
import { TemplateVariablesService } from './template-variables.service';
import { UserProfiles } from './user-profiles.service';

/**
 * What a call says beyond the assistant's own words: a template's variables filled at call time (outbound openings,
 * scenarios' messages) and the user's profile they come from. Outbound calls and scenarios both use it; it uses neither.
 */
@Module({
  providers: [TemplateVariablesService, UserProfiles, { provide: LotteryProvider, useClass: NyOpenDataAdapter }],
  exports: [TemplateVariablesService, UserProfiles],
})
export class CallContentModule {}
