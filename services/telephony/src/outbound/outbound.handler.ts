import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { OutboundCallsService } from './outbound-calls.service';

@Controller()
export class OutboundHandler {
  constructor(private readonly calls: OutboundCallsService) {}

  @Handles(api.telephony.billCollectorCall)
  billCollector({ ctx, data }: HandlerInput<typeof api.telephony.billCollectorCall>) {
    return this.calls.enqueue(ctx, 'bill_collector', data);
  }

  @Handles(api.telephony.appointmentCall)
  appointment({ ctx, data }: HandlerInput<typeof api.telephony.appointmentCall>) {
    return this.calls.enqueue(ctx, 'appointment', data);
  }

  @Handles(api.telephony.spamBlockCall)
  spamBlock({ ctx, data }: HandlerInput<typeof api.telephony.spamBlockCall>) {
    return this.calls.enqueue(ctx, 'spam_block', data);
  }

  @Handles(api.telephony.followUpCall)
  followUp({ ctx, data }: HandlerInput<typeof api.telephony.followUpCall>) {
    return this.calls.enqueue(ctx, 'follow_up', data);
  }

  @Handles(api.telephony.missedCallReturn)
  missedCallReturn({ ctx, data }: HandlerInput<typeof api.telephony.missedCallReturn>) {
    return this.calls.enqueue(ctx, 'missed_call', data);
  }

  @Handles(api.telephony.callQueue)
  queue({ ctx }: HandlerInput<typeof api.telephony.callQueue>) {
    return this.calls.queue(ctx.userId);
  }

  @Handles(api.telephony.callLogs)
  logs({ ctx }: HandlerInput<typeof api.telephony.callLogs>) {
    return this.calls.logs(ctx.userId);
  }

  @Handles(api.telephony.deleteCallLog)
  deleteLog({ ctx, data }: HandlerInput<typeof api.telephony.deleteCallLog>) {
    return this.calls.deleteLog(ctx.userId, data.id);
  }

  @Handles(api.telephony.callRecording)
  recording({ ctx, data }: HandlerInput<typeof api.telephony.callRecording>) {
    return this.calls.recording(ctx.userId, data.id);
  }
}
