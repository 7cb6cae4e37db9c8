import { Inject, Injectable } from '@nestjs/common';
import { EventBus, LiveEvents, NATS_CONNECTION } from '@jarvis/platform';
import type { NatsConnection } from 'nats';
import { CallActivity } from '../call-activity/call-activity.service';
import { TELEPHONY_CONFIG, type TelephonyConfig } from '../config/telephony.config';
import { CallAllowance } from './call-allowance.service';
import { type CallEnd, OutboundCallsRepository } from './outbound-calls.repository';
import { callEndedSubject } from './outbound.constants';

/** What the replica that ended a call tells the job waiting for it (null: the call was deleted). */
export interface AnnouncedEnd {
  status: 'completed' | 'failed';
  errorMessage: string | null;
}

/**
 * The end of an outbound call, written once whoever gets there first (a status callback on any replica, a retried
 * one, the job's deadline, a refusal before it rang), and announced: to the job waiting for it (core NATS), to
 * other services (evt.telephony.call.completed) and to the user's browsers; a call nobody answered gives its
 * reservation back to the month.
 */
@Injectable()
export class CallEnds {
  constructor(
    private readonly calls: OutboundCallsRepository,
    private readonly allowance: CallAllowance,
    private readonly events: EventBus,
    private readonly live: LiveEvents,
    private readonly activity: CallActivity,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(TELEPHONY_CONFIG) private readonly config: TelephonyConfig,
  ) {}

  /** False when the call had ended already (or is gone): nothing is announced twice. */
  async finish(userId: string, id: string, end: CallEnd): Promise<boolean> {
    const ended = await this.calls.end(userId, id, end);
    if (!ended) return false;
    await this.activity.ended('outbound', id, end.status, { once: true });
    this.nc.publish(this.subject(id), JSON.stringify({ status: end.status, errorMessage: end.errorMessage ?? null } satisfies AnnouncedEnd));
    if (end.status === 'failed' && !ended.answered) await this.allowance.release(userId, ended.reservedMonth);
    await this.events.publish('evt.telephony.call.completed', { callId: id, userId, status: end.status }, `call:${id}`);
    this.live.publish(userId, 'calls', { id });
    this.live.publish(userId, 'call-queue', { id });
    return true;
  }

  /** The call was deleted while its job waits: the job stops waiting. */
  deleted(id: string) {
    this.nc.publish(this.subject(id));
  }

  /** Listens for the call's end, wherever it is written; `close()` when no longer waiting. */
  listen(id: string) {
    const sub = this.nc.subscribe(this.subject(id), { max: 1 });
    const ended = (async (): Promise<AnnouncedEnd | null> => {
      for await (const msg of sub) return msg.data.length > 0 ? (msg.json() as AnnouncedEnd) : null;
      return null;
    })();
    return { ended, close: () => sub.unsubscribe() };
  }

  private subject(id: string) {
    return callEndedSubject(this.config.NATS_SUBJECT_PREFIX, id);
  }
}
