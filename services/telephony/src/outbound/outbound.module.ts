import { Module } from '@nestjs/common';
import { ConversationModule } from '../conversation/conversation.module';
import { PhoneLinesModule } from '../phone-lines/phone-lines.module';
import { ScenarioVariablesModule } from '../scenarios/variables/scenario-variables.module';
import { CallAllowance } from './call-allowance.service';
import { OutboundCallJob } from './jobs/outbound-call.job';
import { OutboundCallRunner } from './outbound-call-runner.service';
import { OutboundCallsRepository } from './outbound-calls.repository';
import { OutboundCallsService } from './outbound-calls.service';
import { OutboundHandler } from './outbound.handler';

@Module({
  imports: [ConversationModule, PhoneLinesModule, ScenarioVariablesModule],
  controllers: [OutboundHandler],
  providers: [OutboundCallsService, OutboundCallsRepository, OutboundCallRunner, CallAllowance, OutboundCallJob],
  exports: [OutboundCallsService, OutboundCallsRepository, OutboundCallRunner],
})
export class OutboundModule {}
