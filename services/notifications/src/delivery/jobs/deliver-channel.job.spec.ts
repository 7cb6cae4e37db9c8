import { PermanentJobFailure, type QueueJob } from '@jarvis/platform';
import { describe, expect, it, vi } from 'vitest';
import type { ChannelDeliveryService } from '../channel-delivery.service';
import { DeliverChannelJob } from './deliver-channel.job';

const payload = { notificationId: 'n1', channel: 'sms' as const };
const jobAt = (attemptsMade: number) => ({ attemptsMade, opts: { attempts: 4 } }) as QueueJob<'notifications.deliver-channel'>;

function setup(error?: Error) {
  const channels = {
    deliver: vi.fn(async () => {
      if (error) throw error;
    }),
    notDelivered: vi.fn(),
  };
  return { job: new DeliverChannelJob(channels as unknown as ChannelDeliveryService), channels };
}

describe('the deliver-channel job', () => {
  it('sends the channel', async () => {
    const { job, channels } = setup();
    await job.process(payload, jobAt(0));
    expect(channels.deliver).toHaveBeenCalledWith(payload);
    expect(channels.notDelivered).not.toHaveBeenCalled();
  });

  it('rethrows a failure for the queue to retry, and logs it only on the last attempt', async () => {
    const error = new Error('Twilio is down');
    const { job, channels } = setup(error);
    await expect(job.process(payload, jobAt(2))).rejects.toBe(error);
    expect(channels.notDelivered).not.toHaveBeenCalled();
    await expect(job.process(payload, jobAt(3))).rejects.toBe(error);
    expect(channels.notDelivered).toHaveBeenCalledWith(payload, error);
  });

  it('logs a permanent failure on the first attempt (the queue does not retry it)', async () => {
    const error = new PermanentJobFailure('email: the user has no e-mail address');
    const { job, channels } = setup(error);
    await expect(job.process(payload, jobAt(0))).rejects.toBe(error);
    expect(channels.notDelivered).toHaveBeenCalledWith(payload, error);
  });
});
