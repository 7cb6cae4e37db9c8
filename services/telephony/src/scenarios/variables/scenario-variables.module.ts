import { Module } from '@nestjs/common';
import { LotteryProvider } from './lottery.provider';
import { NyOpenDataAdapter } from './ny-open-data.adapter';
import { ScenarioVariablesService } from './scenario-variables.service';
import { UserProfiles } from './user-profiles.service';

@Module({
  providers: [ScenarioVariablesService, UserProfiles, { provide: LotteryProvider, useClass: NyOpenDataAdapter }],
  exports: [ScenarioVariablesService, UserProfiles],
})
export class ScenarioVariablesModule {}
