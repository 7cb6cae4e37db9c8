import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type CallLog,
  JOB_PRIORITY,
  NotFoundError,
  ProviderUnavailableError,
  type QueuedCall,
  type RequestContext,
} from '@jarvis/contracts';
import { JobQueue, LiveEvents } from '@jarvis/platform';
import { TELEPHONY_CONFIG, type TelephonyConfig } from '../config/telephony.config';
import { PhoneLinesService } from '../phone-lines/phone-lines.service';
import { TelephonyProvider } from '../twilio/telephony.provider';
import { CallAllowance } from './call-allowance.service';
import { CallEnds } from './call-ends.service';
import { type CallRequestBase, checkCallRequest } from './call-requests';
import type { CallLogEntity, CallPriority } from './entities/call-log.entity';
import { OutboundCallsRepository } from './outbound-calls.repository';
import { type ManualKind, NO_CALLER_NUMBER } from './outbound.constants';
import type { EntityManager } from 'typeorm';

/** A call to queue, whatever asked for it (the form, a scenario's run). */
export interface CallToQueue {
  phoneNumber: string;
  scenario: string;
  priority: CallPriority;
  scheduledTime: Date | null;
  payload: Record<string, string>;
  scenarioId?: string;
  /** A scheduled run's job id: the same run queues one call however often it runs. */
  runKey?: string;
}

/** Runs of a call in all: the first and three retries after a provider error. */
export const CALL_ATTEMPTS = 4;

/** The caller's side of outbound calls: queueing (after billing reserved the call), the queue, the logs. */
@Injectable()
export class OutboundCallsService {
  private readonly logger = new Logger(OutboundCallsService.name);

  constructor(
    private readonly calls: OutboundCallsRepository,
    private readonly allowance: CallAllowance,
    private readonly jobs: JobQueue,
    private readonly live: LiveEvents,
    private readonly twilio: TelephonyProvider,
    private readonly lines: PhoneLinesService,
    private readonly ends: CallEnds,
    @Inject(TELEPHONY_CONFIG) private readonly config: TelephonyConfig,
  ) {}

  /** One of the five manual kinds: checked (400), reserved in billing (402), then queued. */
  enqueue(ctx: RequestContext, kind: ManualKind, request: CallRequestBase & Record<string, unknown>) {
    const call = checkCallRequest(kind, request);
    return this.queueCall(ctx, { ...call, scenario: call.kind });
  }

  /** Reserves one call of the month, keeps its log and queues its job; a call that cannot be queued gives its reservation back. */
  async queueCall(ctx: RequestContext, call: CallToQueue): Promise<{ success: true; callId: string }> {
    const userId = ctx.userId!;
    // A call that could never be placed is refused now (503 naming what to set), before it uses the month's allowance.
    if (!this.twilio.configured) throw new ProviderUnavailableError('Twilio', ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN']);
    if (!(await this.lines.callerNumber(userId))) {
      throw new ProviderUnavailableError('Twilio', ['TWILIO_PHONE_NUMBER'], NO_CALLER_NUMBER);
    }
    const reservation = await this.allowance.reserve(ctx);
    let log: CallLogEntity;
    try {
      log = await this.calls.create({
        userId,
        phoneNumber: call.phoneNumber,
        scenario: call.scenario,
        priority: call.priority,
        status: 'pending',
        payload: call.payload,
        scheduledTime: call.scheduledTime,
        reservedMonth: reservation.month,
        scenarioId: call.scenarioId ?? null,
        runKey: call.runKey ?? null,
      });
    } catch (error) {
      await this.allowance.release(userId, reservation.month);
      throw error;
    }
    try {
      await this.addJob(log);
    } catch (error) {
      await this.calls.delete(userId, log.id);
      await this.allowance.release(userId, reservation.month);
      throw error;
    }
    this.announceQueue(userId, log.id);
    return { success: true, callId: log.id };
  }

  /**
   * A scheduled run (`runKey`) that already queued its call: makes sure the call's job exists if the call still waits
   * (the run died before it finished; a no-op when the job is there). False when the run queued no call yet.
   */
  async requeueRun(userId: string, runKey: string): Promise<boolean> {
    const already = await this.calls.findByRunKey(userId, runKey);
    if (!already) return false;
    if (already.status === 'pending') await this.addJob(already);
    return true;
  }

  /** Adds the call's job (again: the job id is the log's, so a second add of a waiting job is a no-op). */
  private addJob(log: CallLogEntity) {
    const delayMs = log.scheduledTime ? log.scheduledTime.getTime() - Date.now() : 0;
    return this.jobs.add(
      'telephony.outbound-call',
      { callLogId: log.id, userId: log.userId },
      {
        jobId: log.id,
        priority: JOB_PRIORITY[log.priority],
        ...(delayMs > 0 && { delayMs }),
        attempts: CALL_ATTEMPTS,
        backoffMs: this.config.OUTBOUND_RETRY_BACKOFF_MS,
      },
    );
  }

  async queue(userId: string): Promise<{ queue: QueuedCall[]; totalQueued: number; isProcessing: boolean }> {
    const open = await this.calls.open(userId);
    const queue = open.map(
      (c): QueuedCall => ({
        id: c.id,
        phoneNumber: c.phoneNumber,
        scenario: c.scenario,
        priority: c.priority,
        status: c.status === 'processing' ? 'calling' : 'pending',
        createdAt: c.createdAt.toISOString(),
      }),
    );
    return { queue, totalQueued: queue.length, isProcessing: queue.some((c) => c.status === 'calling') };
  }

  async logs(userId: string): Promise<CallLog[]> {
    return (await this.calls.list(userId)).map(toCallLog);
  }

  /**
   * Removes the log. A call that has not started is cancelled; one that is ringing or on is hung up. Unless someone
   * answered, its reservation goes back to the month.
   */
  async deleteLog(userId: string, id: string) {
    const log = await this.calls.findOne(userId, id);
    if (!log) throw new NotFoundError('Call');
    const cancelled = log.status === 'pending' && !log.callSid && (await this.jobs.remove('telephony.outbound-call', id));
    const ongoing = log.status === 'processing' && log.callSid;
    if (ongoing) {
      await this.twilio.endCall(log.callSid!).catch((error: Error) => this.logger.warn(`Call ${id} was not hung up: ${error.message}`));
    }
    await this.calls.delete(userId, id);
    if (ongoing) this.ends.deleted(id); // its job stops waiting
    if (cancelled || (ongoing && !log.answered)) await this.allowance.release(userId, log.reservedMonth);
    this.announceQueue(userId, id);
    return { success: true as const };
  }

  /** The call's recording for the gateway's binary reply; no Twilio URL or credential leaves the service. */
  async recording(userId: string, id: string) {
    const log = await this.calls.findOne(userId, id);
    if (!log) throw new NotFoundError('Call');
    if (!log.recordingSid) throw new NotFoundError('Recording');
    const audio = await this.twilio.fetchRecording(log.recordingSid);
    return { contentType: audio.contentType, base64: audio.data.toString('base64') };
  }

  private announceQueue(userId: string, id: string) {
    this.live.publish(userId, 'call-queue', { id });
    this.live.publish(userId, 'calls', { id });
  }

  /** Account lifecycle (issue 22): the user's call logs, queued calls included. */
  accountRows(userId: string): Promise<CallLogEntity[]> {
    return this.calls.ofUser(userId);
  }

  ownsRecording(userId: string, recordingSid: string): Promise<boolean> {
    return this.calls.hasRecording(userId, recordingSid);
  }

  importAccountRows(manager: EntityManager, rows: Partial<CallLogEntity>[]) {
    return this.calls.insertImported(manager, rows);
  }

  /** The queued calls' jobs removed first (a call already ringing ends on its own), then every log. */
  async eraseAccountRows(manager: EntityManager, userId: string) {
    for (const log of await this.calls.ofUser(userId)) {
      if (log.status === 'pending') await this.jobs.remove('telephony.outbound-call', log.id).catch(() => false);
    }
    await this.calls.eraseUser(manager, userId);
  }
}

export function toCallLog(c: CallLogEntity): CallLog {
  return {
    id: c.id,
    phoneNumber: c.phoneNumber,
    scenario: c.scenario,
    status: c.status,
    errorMessage: c.errorMessage,
    transcript: c.transcript,
    outcome: c.outcome ? { result: c.outcome, details: c.outcomeDetails } : null,
    recordingUrl: c.recordingSid ? `/api/proactive-call/logs/${c.id}/recording` : null,
    callSid: c.callSid,
    duration: c.duration,
    createdAt: c.createdAt.toISOString(),
  };
}
