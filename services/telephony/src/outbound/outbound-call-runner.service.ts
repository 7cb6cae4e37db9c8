import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { type JobMap, ProviderUnavailableError } from '@jarvis/contracts';
import { LiveEvents, PermanentJobFailure, type QueueJob } from '@jarvis/platform';
import { DelayedError } from 'bullmq';
import { CallActivity } from '../call-activity/call-activity.service';
import { TELEPHONY_CONFIG, type TelephonyConfig } from '../config/telephony.config';
import { PhoneLinesService } from '../phone-lines/phone-lines.service';
import { CallRejectedError, TelephonyProvider } from '../twilio/telephony.provider';
import { twilioWebhookUrl } from '../twilio/twilio-webhook';
import { type AnnouncedEnd, CallEnds } from './call-ends.service';
import type { CallLogEntity } from './entities/call-log.entity';
import { OpeningWriter } from './opening-writer.service';
import { OutboundCallsRepository } from './outbound-calls.repository';
import { CALL_END_POLL_MS, CLOCK_SKEW_MS, DIAL_CALLBACK_WAIT_MS, NO_CALLER_NUMBER, NO_FINAL_STATUS } from './outbound.constants';

/** This replica is shutting down while a call it placed is still on: another replica takes the waiting over. */
class HandOver extends Error {}

/**
 * Places a queued call and follows it to its end. The job runs as long as the call does, so the global concurrency
 * and the one-call-per-user rule count calls in progress; it is safe to run twice (a replica that died mid-call):
 * a call already placed is not placed again, only awaited, and whoever ends a call first (a status callback on any
 * replica, or the deadline) ends it once.
 */
@Injectable()
export class OutboundCallRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private stopping = false;
  private readonly stopped: Promise<void>;
  private stop!: () => void;

  constructor(
    private readonly calls: OutboundCallsRepository,
    private readonly twilio: TelephonyProvider,
    private readonly lines: PhoneLinesService,
    private readonly openings: OpeningWriter,
    private readonly ends: CallEnds,
    private readonly live: LiveEvents,
    private readonly activity: CallActivity,
    @Inject(TELEPHONY_CONFIG) private readonly config: TelephonyConfig,
  ) {
    this.stopped = new Promise((resolve) => (this.stop = resolve));
  }

  /** Once started, off the request path: the first call placed does not pay for loading the SDK's call resource. */
  onApplicationBootstrap() {
    setImmediate(() => this.twilio.prepare());
  }

  /**
   * Shutdown (SIGTERM) runs this before the queue workers close: calls still on are handed back to the queue at once
   * (another replica waits for their end) rather than holding the shutdown or waiting for their locks to expire.
   */
  onModuleDestroy() {
    this.stopping = true;
    this.stop();
  }

  private url(path: string, log: Pick<CallLogEntity, 'id' | 'userId'>) {
    const query = new URLSearchParams({ callLogId: log.id, userId: log.userId });
    return `${twilioWebhookUrl(this.config.PUBLIC_URL, path)}?${query}`;
  }

  /** The job: place the call unless it was placed already, then wait for its end. */
  async run({ callLogId, userId }: JobMap['telephony.outbound-call'], job: QueueJob<'telephony.outbound-call'>) {
    let log = await this.calls.findOne(userId, callLogId);
    if (!log || isEnded(log)) return; // deleted, or ended by a run that died before its job finished
    // Listening before the call is placed: however fast its end comes, on whichever replica, it is heard.
    const waiter = this.ends.listen(log.id);
    try {
      let placedNow = false;
      // A run before this one may have asked Twilio already and died before it learnt the CallSid: find that call.
      const dialed = !log.callSid && log.dialingAt ? await this.findDialed(log) : null;
      if (dialed) log = dialed;
      else if (!log.callSid) {
        const placed = await this.place(log, job);
        if (!placed) return;
        [log, placedNow] = [placed, true];
      }
      const ended = await this.awaitEnd(log, waiter.ended, !placedNow);
      if (ended?.status === 'failed') throw new PermanentJobFailure(ended.errorMessage ?? 'Call failed');
    } catch (error) {
      if (!(error instanceof HandOver)) throw error;
      await job.moveToDelayed(Date.now() + 500, job.token);
      throw new DelayedError();
    } finally {
      waiter.close();
    }
  }

  private async place(log: CallLogEntity, job: QueueJob<'telephony.outbound-call'>): Promise<CallLogEntity | null> {
    if (!this.twilio.configured) {
      return this.failBeforeAnswer(log, new ProviderUnavailableError('Twilio', ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN']).message);
    }
    const from = await this.lines.callerNumber(log.userId);
    if (!from) return this.failBeforeAnswer(log, NO_CALLER_NUMBER);
    const opening = log.opening ?? (await this.openings.write(log));
    // Marked before Twilio is asked: from here until the CallSid is saved, a run that finds the call looks for it first.
    if (!(await this.calls.markDialing(log.userId, log.id, opening))) return null;
    this.live.publish(log.userId, 'calls', { id: log.id });
    this.live.publish(log.userId, 'call-queue', { id: log.id });
    try {
      const { sid } = await this.twilio.placeCall({
        to: log.phoneNumber,
        from,
        url: this.url('/outbound/voice', log),
        statusCallback: this.url('/outbound/status', log),
        recordingStatusCallback: this.url('/outbound/recording', log),
      });
      await this.calls.setCallSid(log.userId, log.id, sid);
      await this.activity.started('outbound', log.id);
      return { ...log, opening, callSid: sid, status: 'processing' };
    } catch (error) {
      const message = (error as Error).message;
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (error instanceof CallRejectedError || lastAttempt) return this.failBeforeAnswer(log, message);
      // A provider error: BullMQ tries again after the backoff; meanwhile the call waits in the queue again.
      await this.calls.update(log.userId, log.id, { status: 'pending', errorMessage: message });
      this.live.publish(log.userId, 'call-queue', { id: log.id });
      throw error;
    }
  }

  /**
   * The call an earlier run handed to Twilio without learning its CallSid (its replica died waiting for the answer,
   * or the answer never came), or null when Twilio has none and placing it is safe. Twilio's status callbacks carry
   * the call log's id and save the CallSid wherever they land, so they are given DIAL_CALLBACK_WAIT_MS from the
   * dialing; then Twilio's call list is asked for a call from the same line to the same number created since the
   * dialing (less CLOCK_SKEW_MS) that no other call log holds. Twilio unreachable: the job tries again later rather
   * than dial blind.
   */
  private async findDialed(log: CallLogEntity): Promise<CallLogEntity | null> {
    const dialingAt = log.dialingAt!.getTime();
    for (;;) {
      const current = await this.calls.findOne(log.userId, log.id);
      if (!current || current.callSid) return current?.callSid ? current : null;
      if (Date.now() >= dialingAt + DIAL_CALLBACK_WAIT_MS) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const from = await this.lines.callerNumber(log.userId);
    if (!from || !this.twilio.configured) return null;
    const placed = await this.twilio.placedCalls({ to: log.phoneNumber, from, since: new Date(dialingAt - CLOCK_SKEW_MS) });
    const held = await this.calls.heldElsewhere(placed.map((call) => call.sid), log.id);
    // Newest first: the oldest one left is the placement of this call.
    const found = placed.filter((call) => !held.has(call.sid)).at(-1);
    if (!found) return null;
    await this.calls.setCallSid(log.userId, log.id, found.sid);
    await this.activity.started('outbound', log.id);
    const adopted = await this.calls.findOne(log.userId, log.id);
    return adopted?.callSid ? adopted : null;
  }

  /** Ends a call that never rang: its reservation goes back to the month. */
  private async failBeforeAnswer(log: CallLogEntity, errorMessage: string): Promise<never> {
    await this.ends.finish(log.userId, log.id, { status: 'failed', errorMessage });
    throw new PermanentJobFailure(errorMessage);
  }

  /**
   * Waits for the call's end: told by the replica that ends it, with a look at the row every CALL_END_POLL_MS in
   * case that word was lost (and at once when `lookFirst`: a call placed by an earlier run may have ended before we
   * listened); fails it at the deadline.
   */
  private async awaitEnd(
    log: CallLogEntity,
    announced: Promise<AnnouncedEnd | null>,
    lookFirst: boolean,
  ): Promise<Pick<CallLogEntity, 'status' | 'errorMessage'> | null> {
    const deadline = Date.now() + this.config.OUTBOUND_MAX_CALL_MS;
    let look = lookFirst;
    let heard = false;
    void announced.then(() => (heard = true));
    while (Date.now() < deadline) {
      if (heard) return announced;
      if (look) {
        const current = await this.calls.findOne(log.userId, log.id);
        if (!current || isEnded(current)) return current;
      }
      look = true;
      if (this.stopping) throw new HandOver();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        announced,
        this.stopped,
        new Promise((resolve) => (timer = setTimeout(resolve, Math.min(CALL_END_POLL_MS, Math.max(0, deadline - Date.now()))))),
      ]);
      clearTimeout(timer);
    }
    await this.ends.finish(log.userId, log.id, { status: 'failed', errorMessage: NO_FINAL_STATUS });
    return this.calls.findOne(log.userId, log.id);
  }
}

const isEnded = (log: CallLogEntity) => log.status === 'completed' || log.status === 'failed';
