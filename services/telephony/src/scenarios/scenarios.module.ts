import { Module } from '@nestjs/common';
import { CallContentModule } from '../call-content/call-content.module';
import { OutboundModule } from '../outbound/outbound.module';
import { ScenarioRunJob } from './jobs/scenario-run.job';
import { ScenariosHandler } from './scenarios.handler';
import { ScenariosRepository } from './scenarios.repository';
import { ScenariosService } from './scenarios.service';

@Module({
  imports: [CallContentModule, OutboundModule],
  controllers: [ScenariosHandler],
  providers: [ScenariosService, ScenariosRepository, ScenarioRunJob],
  exports: [ScenariosService],
})
export class ScenariosModule {}
