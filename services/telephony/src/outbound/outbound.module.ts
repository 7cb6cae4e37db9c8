import { Module } from '@nestjs/common';
import { CallActivityModule } from '../call-activity/call-activity.module';
import { CallContentModule } from '../call-content/call-content.module';
import { ConversationModule } from '../conversation/conversation.module';
import { OwnerModule } from '../owner/owner.module';
import { PhoneLinesModule } from '../phone-lines/phone-lines.module';
import { StreamedCallsModule } from '../streamed-calls/streamed-calls.module';
import { CallAllowance } from './call-allowance.service';
import { CallEnds } from './call-ends.service';
import { OutboundCallJob } from './jobs/outbound-call.job';
import { OpeningWriter } from './opening-writer.service';
import { OutboundCallRunner } from './outbound-call-runner.service';
import { OutboundCallbacks } from './outbound-callbacks.service';
import { OutboundCallsRepository } from './outbound-calls.repository';
import { OutboundCallsService } from './outbound-calls.service';
import { OutboundHandler } from './outbound.handler';
import { OutboundWebhooks } from './outbound.webhooks';

@Module({
  imports: [CallContentModule, ConversationModule, OwnerModule, PhoneLinesModule, StreamedCallsModule, CallActivityModule],
  controllers: [OutboundHandler],
  providers: [OutboundCallsService, OutboundCallsRepository, OutboundCallRunner, OutboundCallbacks, CallEnds, OpeningWriter, CallAllowance, OutboundCallJob, OutboundWebhooks],
  exports: [OutboundCallsService],
})
export class OutboundModule {}
