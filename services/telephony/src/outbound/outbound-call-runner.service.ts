import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { type JobMap, ProviderUnavailableError } from '@jarvis/contracts';
import { EventBus, LiveEvents, NATS_CONNECTION, PermanentJobFailure, type QueueJob } from '@jarvis/platform';
import { DelayedError } from 'bullmq';
import type { NatsConnection } from 'nats';
import twilio from 'twilio';
import { TELEPHONY_CONFIG, type TelephonyConfig } from '../config/telephony.config';
import { ConversationModel } from '../conversation/conversation-model.provider';
import { ConversationEngine } from '../conversation/conversation.engine';
import { PhoneLinesRepository } from '../phone-lines/phone-lines.repository';
import { ScenarioVariablesService } from '../scenarios/variables/scenario-variables.service';
import { UserProfiles } from '../scenarios/variables/user-profiles.service';
import { CallRejectedError, TelephonyProvider } from '../twilio/telephony.provider';
import { CallAllowance } from './call-allowance.service';
import { fixedOpening } from './call-openings';
import type { CallLogEntity } from './entities/call-log.entity';
import { type CallEnd, OutboundCallsRepository } from './outbound-calls.repository';
import {
  CALL_END_POLL_MS,
  callEndedSubject,
  END_REASONS,
  FINAL_STATUSES,
  MANUAL_KINDS,
  type ManualKind,
  NO_CALLER_NUMBER,
  NO_FINAL_STATUS,
  OPENING_BRIEFS,
  OPENING_TIMEOUT_MS,
  OUTBOUND_SYSTEM_PROMPT,
} from './outbound.constants';

const { VoiceResponse } = twilio.twiml;

/** Twilio's form fields of a webhook, and the query we put on the URLs we gave it (`callLogId`, `userId`). */
export type TwilioParams = Record<string, string>;

/** What the replica that ended a call tells the job waiting for it. */
interface AnnouncedEnd {
  status: 'completed' | 'failed';
  errorMessage: string | null;
}

/** This replica is shutting down while a call it placed is still on: another replica takes the waiting over. */
class HandOver extends Error {}

const isManual = (scenario: string): scenario is ManualKind => (MANUAL_KINDS as readonly string[]).includes(scenario);

/**
 * Places a queued call and follows it to its end. The job runs as long as the call does, so the global concurrency
 * and the one-call-per-user rule count calls in progress; it is safe to run twice (a replica that died mid-call):
 * a call already placed is not placed again, only awaited, and whoever ends a call first (a status callback on any
 * replica, or the deadline) ends it once.
 */
@Injectable()
export class OutboundCallRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(OutboundCallRunner.name);
  private stopping = false;
  private readonly stopped: Promise<void>;
  private stop!: () => void;

  constructor(
    private readonly calls: OutboundCallsRepository,
    private readonly twilio: TelephonyProvider,
    private readonly allowance: CallAllowance,
    private readonly lines: PhoneLinesRepository,
    private readonly conversations: ConversationEngine,
    private readonly model: ConversationModel,
    private readonly profiles: UserProfiles,
    private readonly variables: ScenarioVariablesService,
    private readonly events: EventBus,
    private readonly live: LiveEvents,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(TELEPHONY_CONFIG) private readonly config: TelephonyConfig,
  ) {
    this.stopped = new Promise((resolve) => (this.stop = resolve));
  }

  /** Core NATS: the replica that ends a call tells the one whose job waits for it (any replica may get the callback). */
  private endedSubject(id: string) {
    return callEndedSubject(this.config.NATS_SUBJECT_PREFIX, id);
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
    return `${this.config.PUBLIC_URL.replace(/\/+$/, '')}/webhooks/telephony${path}?${query}`;
  }

  /** The job: place the call unless it was placed already, then wait for its end. */
  async run({ callLogId, userId }: JobMap['telephony.outbound-call'], job: QueueJob<'telephony.outbound-call'>) {
    let log = await this.calls.findOne(userId, callLogId);
    if (!log || isEnded(log)) return; // deleted, or ended by a run that died before its job finished
    // Listening before the call is placed: however fast its end comes, on whichever replica, it is heard.
    const waiter = this.listenForEnd(log.id);
    try {
      let placedNow = false;
      if (!log.callSid) {
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
    const from = (await this.lines.findForUser(log.userId))?.phoneNumber ?? this.config.TWILIO_PHONE_NUMBER;
    if (!from) return this.failBeforeAnswer(log, NO_CALLER_NUMBER);
    const opening = log.opening ?? (await this.writeOpening(log));
    if (!(await this.calls.markProcessing(log.userId, log.id, opening))) return null;
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

  /** Ends a call that never rang: its reservation goes back to the month. */
  private async failBeforeAnswer(log: CallLogEntity, errorMessage: string): Promise<never> {
    await this.finish(log.userId, log.id, { status: 'failed', errorMessage });
    throw new PermanentJobFailure(errorMessage);
  }

  /** The end of this call as the replica that ends it announces it (null: deleted). */
  private listenForEnd(id: string) {
    const sub = this.nc.subscribe(this.endedSubject(id), { max: 1 });
    const ended = (async (): Promise<AnnouncedEnd | null> => {
      for await (const msg of sub) return msg.data.length > 0 ? (msg.json() as AnnouncedEnd) : null;
      return null;
    })();
    return { ended, close: () => sub.unsubscribe() };
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
    await this.finish(log.userId, log.id, { status: 'failed', errorMessage: NO_FINAL_STATUS });
    return this.calls.findOne(log.userId, log.id);
  }

  /**
   * Ends the call once (the first of the callbacks, retries and deadline that gets there), announces it, and gives
   * the reservation back when it failed before anyone answered.
   */
  private async finish(userId: string, id: string, end: CallEnd): Promise<boolean> {
    const ended = await this.calls.end(userId, id, end);
    if (!ended) return false;
    this.nc.publish(this.endedSubject(id), JSON.stringify({ status: end.status, errorMessage: end.errorMessage ?? null } satisfies AnnouncedEnd));
    if (end.status === 'failed' && !ended.answered) await this.allowance.release(userId, ended.reservedMonth);
    await this.events.publish('evt.telephony.call.completed', { callId: id, userId, status: end.status }, `call:${id}`);
    this.live.publish(userId, 'calls', { id });
    this.live.publish(userId, 'call-queue', { id });
    return true;
  }

  /** The opening: a scenario's template filled now; the model's words for a manual kind; the fixed script offline. */
  private async writeOpening(log: CallLogEntity): Promise<string> {
    if (!isManual(log.scenario)) {
      return this.variables.fill(log.payload.template ?? '', log.userId);
    }
    const profile = await this.profiles.find(log.userId);
    const script = fixedOpening(log.scenario, log.payload, profile?.firstName ?? null);
    if (!this.model.configured) return script;
    const details = Object.entries(log.payload).map(([k, v]) => `${k}: ${v}`).join('\n');
    try {
      const written = await Promise.race([
        this.model.reply([
          {
            role: 'system',
            content:
              `${OUTBOUND_SYSTEM_PROMPT}\n${OPENING_BRIEFS[log.scenario]}\n` +
              'Write only the words you will say when the person answers: two to four short sentences, introducing ' +
              `yourself as Jarvis, an automated assistant${profile?.firstName ? ` calling for ${profile.firstName}` : ''}.`,
          },
          { role: 'user', content: `The call's details:\n${details || '(none)'}` },
        ]),
        sleep(OPENING_TIMEOUT_MS).then(() => ''),
      ]);
      return written.trim() || script;
    } catch (error) {
      this.logger.warn(`The model wrote no opening for call ${log.id}: ${(error as Error).message}`);
      return script;
    }
  }

  /** Someone answered: the opening, then the same turn-by-turn conversation as inbound calls (offline: the opening only). */
  async voice(params: TwilioParams): Promise<string> {
    const log = await this.fromCallback(params);
    if (!log || !params.CallSid) {
      const twiml = new VoiceResponse();
      twiml.hangup();
      return twiml.toString();
    }
    const opening = log.opening ?? (isManual(log.scenario) ? fixedOpening(log.scenario, log.payload, null) : '');
    if (this.conversations.available) {
      const purpose = isManual(log.scenario) ? OPENING_BRIEFS[log.scenario] : 'You are delivering an automated message your owner scheduled.';
      const details = Object.entries(log.payload).filter(([k]) => k !== 'template').map(([k, v]) => `${k}: ${v}`).join('; ');
      return this.conversations.start({
        callSid: params.CallSid,
        userId: log.userId,
        systemPrompt: [OUTBOUND_SYSTEM_PROMPT, purpose, details && `The call's details: ${details}.`].filter(Boolean).join('\n'),
        greeting: opening,
        turnUrl: `${this.config.PUBLIC_URL.replace(/\/+$/, '')}/webhooks/telephony/turn`,
      });
    }
    const twiml = new VoiceResponse();
    twiml.say(opening);
    twiml.hangup();
    return twiml.toString();
  }

  /** The call's status: answered marks it (it counts from now on); a final status ends it once. */
  async status(params: TwilioParams): Promise<void> {
    const log = await this.fromCallback(params);
    if (!log) return;
    const status = params.CallStatus ?? '';
    if (params.CallSid && !log.callSid) await this.calls.setCallSid(log.userId, log.id, params.CallSid);
    if (status === 'in-progress' || status === 'answered') {
      await this.calls.markAnswered(log.userId, log.id);
      return;
    }
    if (!FINAL_STATUSES.includes(status)) return;
    const duration = Number.parseInt(params.CallDuration ?? '', 10);
    const conversation = params.CallSid ? await this.conversations.summary(params.CallSid) : null;
    if (status === 'completed') {
      await this.finish(log.userId, log.id, {
        status: 'completed',
        answered: true,
        errorMessage: null, // a provider error of an earlier attempt is not what the call ended with
        duration: Number.isFinite(duration) ? duration : null,
        transcript: conversation?.transcript ?? (log.opening ? `Jarvis: ${log.opening}` : null),
      });
      return;
    }
    const reason = END_REASONS[status];
    const detail = params.ErrorMessage || params.SipResponseCode ? ` (${params.ErrorMessage ?? `SIP ${params.SipResponseCode}`})` : '';
    await this.finish(log.userId, log.id, { status: 'failed', errorMessage: `${reason}${detail}`, duration: Number.isFinite(duration) ? duration : null });
  }

  /** The recording is ready (before or after the status callback). */
  async recording(params: TwilioParams): Promise<void> {
    if (params.RecordingStatus && params.RecordingStatus !== 'completed') return;
    const log = await this.fromCallback(params);
    if (log && params.RecordingSid) {
      await this.calls.setRecording(log.userId, log.id, params.RecordingSid);
      this.live.publish(log.userId, 'calls', { id: log.id });
    }
  }

  /** The call log a signed callback is about: its URL carries the ids we gave Twilio. */
  private async fromCallback(params: TwilioParams): Promise<CallLogEntity | null> {
    const { callLogId, userId } = params;
    if (!callLogId || !userId || !UUID.test(callLogId) || !UUID.test(userId)) return null;
    const log = await this.calls.findOne(userId, callLogId);
    // A callback of another call (a replaced placement) never touches this one.
    if (log?.callSid && params.CallSid && log.callSid !== params.CallSid) return null;
    return log;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isEnded = (log: CallLogEntity) => log.status === 'completed' || log.status === 'failed';
