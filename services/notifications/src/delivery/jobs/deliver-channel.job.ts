import { type JobMap } from '@jarvis/contracts';
import { type JobHandler, JobProcessor, PermanentJobFailure, type QueueJob } from '@jarvis/platform';
import { ChannelDeliveryService } from '../channel-delivery.service';
import { CHANNEL_CONCURRENCY } from '../delivery.constants';

/**
 * One inbox entry on one channel. Each channel is its own job, so a failing one is retried (with backoff, on any
 * replica, after a restart too) without holding the others or the inbox; the last failure is logged.
 */
@JobProcessor('notifications.deliver-channel', { concurrency: CHANNEL_CONCURRENCY })
export class DeliverChannelJob implements JobHandler<'notifications.deliver-channel'> {
  constructor(private readonly channels: ChannelDeliveryService) {}

  process = async (payload: JobMap['notifications.deliver-channel'], job: QueueJob<'notifications.deliver-channel'>) => {
    try {
      await this.channels.deliver(payload);
    } catch (error) {
      const lastAttempt = error instanceof PermanentJobFailure || job.attemptsMade + 1 >= (job.opts.attempts || 1);
      if (lastAttempt) this.channels.notDelivered(payload, error);
      throw error;
    }
  };
}
