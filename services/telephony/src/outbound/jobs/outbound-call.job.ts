import { Inject } from '@nestjs/common';
import type { JobMap } from '@jarvis/contracts';
import { type JobHandler, JobProcessor, type QueueJob } from '@jarvis/platform';
import { TELEPHONY_CONFIG, type TelephonyConfig } from '../../config/telephony.config';
import { OutboundCallRunner } from '../outbound-call-runner.service';

/**
 * OUTBOUND_CONCURRENCY as the workers read it when they start: the decorator's settings are functions read after
 * every provider was built, and this class's constructor (which has the configuration) runs before.
 */
let outboundConcurrency = 5;

/** One outbound call, from placing it to its end; at most OUTBOUND_CONCURRENCY at once everywhere, one per user. */
@JobProcessor('telephony.outbound-call', {
  concurrency: () => outboundConcurrency,
  globalConcurrency: () => outboundConcurrency,
  exclusiveBy: (payload) => payload.userId,
})
export class OutboundCallJob implements JobHandler<'telephony.outbound-call'> {
  constructor(
    private readonly runner: OutboundCallRunner,
    @Inject(TELEPHONY_CONFIG) config: TelephonyConfig,
  ) {
    outboundConcurrency = config.OUTBOUND_CONCURRENCY;
  }

  process = (payload: JobMap['telephony.outbound-call'], job: QueueJob<'telephony.outbound-call'>) => this.runner.run(payload, job);
}
