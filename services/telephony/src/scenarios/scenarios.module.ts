import { Module } from '@nestjs/common';
import { OutboundModule } from '../outbound/outbound.module';
import { ScenarioRunJob } from './jobs/scenario-run.job';
import { ScenariosHandler } from './scenarios.handler';
import { ScenariosRepository } from './scenarios.repository';
import { ScenariosService } from './scenarios.service';
import { ScenarioVariablesModule } from './variables/scenario-variables.module';

@Module({
  imports: [OutboundModule, ScenarioVariablesModule],
  controllers: [ScenariosHandler],
  providers: [ScenariosService, ScenariosRepository, ScenarioRunJob],
})
export class ScenariosModule {}
