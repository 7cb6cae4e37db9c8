import { Module } from '@nestjs/common';
import { ConversationModule } from '../conversation/conversation.module';
import { OwnerModule } from '../owner/owner.module';
import { PhoneLinesModule } from '../phone-lines/phone-lines.module';
import { ScenarioVariablesModule } from '../scenarios/variables/scenario-variables.module';
import { CallAllowance } from './call-allowance.service';
import { CallEnds } from './call-ends.service';
import { OutboundCallJob } from './jobs/outbound-call.job';
import { OpeningWriter } from './opening-writer.service';
import { OutboundCallRunner } from './outbound-call-runner.service';
import { OutboundCallbacks } from './outbound-callbacks.service';
import { OutboundCallsRepository } from './outbound-calls.repository';
import { OutboundCallsService } from './outbound-calls.service';
import { OutboundHandler } from './outbound.handler';

@Module({
  imports: [ConversationModule, OwnerModule, PhoneLinesModule, ScenarioVariablesModule],
  controllers: [OutboundHandler],
  providers: [OutboundCallsService, OutboundCallsRepository, OutboundCallRunner, OutboundCallbacks, CallEnds, OpeningWriter, CallAllowance, OutboundCallJob],
  exports: [OutboundCallsService, OutboundCallsRepository, OutboundCallbacks],
})
export class OutboundModule {}
