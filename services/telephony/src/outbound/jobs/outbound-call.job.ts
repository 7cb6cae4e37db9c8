import type { JobMap } from '@jarvis/contracts';
import { type JobHandler, JobProcessor, type QueueJob } from '@jarvis/platform';
import type { TelephonyConfig } from '../../config/telephony.config';
import { OutboundCallRunner } from '../outbound-call-runner.service';
import { OUTBOUND_MAX_STALLS } from '../outbound.constants';

const outboundConcurrency = (config: TelephonyConfig) => config.OUTBOUND_CONCURRENCY;

/**
 * One outbound call, from placing it to its end; at most OUTBOUND_CONCURRENCY at once everywhere, one per user; run
 * again on another replica up to OUTBOUND_MAX_STALLS times when the one running it dies.
 */
@JobProcessor('telephony.outbound-call', {
  concurrency: outboundConcurrency,
  globalConcurrency: outboundConcurrency,
  exclusiveBy: (payload) => payload.userId,
  maxStalledCount: OUTBOUND_MAX_STALLS,
})
export class OutboundCallJob implements JobHandler<'telephony.outbound-call'> {
  constructor(private readonly runner: OutboundCallRunner) {}

  process = (payload: JobMap['telephony.outbound-call'], job: QueueJob<'telephony.outbound-call'>) => this.runner.run(payload, job);
}
