import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { type AccountExportPart, type AccountFiles, type AccountImportResult, DomainError } from '@jarvis/contracts';
import { eraseArchiveImports, LiveEvents, recordArchiveImport } from '@jarvis/platform';
import { DataSource } from 'typeorm';
import { ContactsService } from '../contacts/contacts.service';
import type { CallKind, CallPriority, CallStatus } from '../outbound/entities/call-log.entity';
import { OutboundCallsService } from '../outbound/outbound-calls.service';
import { CallerSharingService } from '../owner/caller-sharing.service';
import { PhoneLinesService } from '../phone-lines/phone-lines.service';
import { PhoneMessagesService } from '../phone-messages/phone-messages.service';
import { ScenariosService } from '../scenarios/scenarios.service';
import { TelephonyProvider } from '../twilio/telephony.provider';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const recordingPath = (sid: string | null) => (sid ? `recordings/${sid}.mp3` : null);
type ScenarioType = AccountFiles<'telephony'>['call-scenarios.json'][number]['scenarioType'];

/**
 * Telephony's part of a user's archive (issue 22): contacts, phone messages with their transcripts, call logs,
 * call scenarios, the phone line and what the agent may tell callers, and the recordings Twilio holds (fetched into
 * `recordings/` when they can be, listed as unavailable otherwise). The line is this installation's number and a
 * recording lives at this installation's Twilio account: neither is imported (imported messages and calls keep
 * their transcripts). Erasing releases a number bought for the user, deletes their recordings at Twilio, removes
 * their scenarios' schedules and queued calls' jobs, then every row.
 */
@Injectable()
export class TelephonyAccountService {
  private readonly logger = new Logger(TelephonyAccountService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly contacts: ContactsService,
    private readonly messages: PhoneMessagesService,
    private readonly calls: OutboundCallsService,
    private readonly scenarios: ScenariosService,
    private readonly lines: PhoneLinesService,
    private readonly sharing: CallerSharingService,
    private readonly twilio: TelephonyProvider,
    private readonly live: LiveEvents,
  ) {}

  async export(userId: string): Promise<AccountExportPart<'telephony'>> {
    const [contacts, messages, logs, scenarios, line, sharing] = await Promise.all([
      this.contacts.accountRows(userId),
      this.messages.accountRows(userId),
      this.calls.accountRows(userId),
      this.scenarios.accountRows(userId),
      this.lines.accountRow(userId),
      this.sharing.accountRow(userId),
    ]);
    const files: AccountFiles<'telephony'> = {
      'contacts.json': contacts.map((c) => ({ id: c.id, name: c.name, phoneNumber: c.phoneNumber, email: c.email, notes: c.notes, createdAt: c.createdAt.toISOString() })),
      'phone-messages.json': messages.map((m) => ({
        id: m.id, callerName: m.callerName, callerNumber: m.callerNumber, messageType: m.messageType, priority: m.priority, status: m.status,
        duration: m.duration, transcript: m.transcript, jarvisResponse: m.jarvisResponse, tags: m.tags, actionItems: m.actionItems, notes: m.notes,
        followUpNeeded: m.followUpNeeded, callbackRequested: m.callbackRequested, recording: recordingPath(m.recordingSid), createdAt: m.createdAt.toISOString(),
      })),
      'call-logs.json': logs.map((l) => ({
        id: l.id, phoneNumber: l.phoneNumber, scenario: l.scenario, priority: l.priority, status: l.status, payload: l.payload, scenarioId: l.scenarioId,
        scheduledTime: iso(l.scheduledTime), opening: l.opening, answered: l.answered, duration: l.duration, errorMessage: l.errorMessage,
        transcript: l.transcript, recording: recordingPath(l.recordingSid), endedAt: iso(l.endedAt), createdAt: l.createdAt.toISOString(),
      })),
      'call-scenarios.json': scenarios.map((s) => ({
        id: s.id, name: s.name, description: s.description, scenarioType: s.scenarioType as ScenarioType, messageTemplate: s.messageTemplate,
        targetPhoneNumber: s.targetPhoneNumber, scheduleEnabled: s.scheduleEnabled, scheduleCron: s.scheduleCron, scheduleTimezone: s.scheduleTimezone,
        isActive: s.isActive, lastExecuted: iso(s.lastExecuted), createdAt: s.createdAt.toISOString(),
      })),
      'phone-line.json': {
        line: line && { phoneNumber: line.phoneNumber, purchased: line.purchased, createdAt: line.createdAt.toISOString() },
        callerSharing: sharing && { shareName: sharing.shareName, shareAvailability: sharing.shareAvailability, shareTwinFacts: sharing.shareTwinFacts },
      },
    };
    const sids = [...new Set([...messages, ...logs].map((r) => r.recordingSid).filter((sid): sid is string => !!sid))];
    return { files, attachments: sids.map((sid) => ({ path: recordingPath(sid)!, ref: sid })), unavailable: [] };
  }

  /** A recording of the user's own calls, from Twilio; null when it is not theirs or Twilio cannot give it. */
  async attachment(userId: string, recordingSid: string): Promise<{ contentType: string; base64: string } | null> {
    const owned = (await this.messages.ownsRecording(userId, recordingSid)) || (await this.calls.ownsRecording(userId, recordingSid));
    if (!owned) return null;
    try {
      const audio = await this.twilio.fetchRecording(recordingSid);
      return { contentType: audio.contentType, base64: audio.data.toString('base64') };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      this.logger.warn(`a recording could not be fetched for an export: ${error.message}`);
      return null;
    }
  }

  /**
   * The archive's part merged in one transaction, once per archive: contacts (a number the user has already stays
   * as it is), phone messages, finished call logs (their scenario remapped; a call that never ran is not brought
   * back), scenarios (their schedules made once committed) and what the agent may tell callers.
   */
  async import(userId: string, archiveKey: string, files: AccountFiles<'telephony'>): Promise<AccountImportResult> {
    const scenarioIds = new Map(files['call-scenarios.json'].map((s) => [s.id, randomUUID()]));
    const result = await this.dataSource.transaction(async (manager): Promise<AccountImportResult> => {
      if (!(await recordArchiveImport(manager, 'telephony', userId, archiveKey))) return { imported: false, counts: {} };
      const contacts = await this.contacts.importAccountRows(
        manager,
        files['contacts.json'].map((c) => ({ id: randomUUID(), userId, name: c.name, phoneNumber: c.phoneNumber, email: c.email, notes: c.notes, createdAt: new Date(c.createdAt) })),
      );
      await this.messages.importAccountRows(
        manager,
        files['phone-messages.json'].map((m) => {
          const id = randomUUID();
          return {
            id, userId, sourceSid: `imported-${id}`, callerName: m.callerName, callerNumber: m.callerNumber, messageType: m.messageType,
            priority: m.priority, status: m.status, duration: m.duration, transcript: m.transcript, jarvisResponse: m.jarvisResponse,
            recordingSid: null, tags: m.tags, actionItems: m.actionItems, notes: m.notes, followUpNeeded: m.followUpNeeded,
            callbackRequested: m.callbackRequested, createdAt: new Date(m.createdAt),
          };
        }),
      );
      await this.scenarios.importAccountRows(
        manager,
        files['call-scenarios.json'].map((s) => ({
          id: scenarioIds.get(s.id), userId, name: s.name, description: s.description, scenarioType: s.scenarioType, messageTemplate: s.messageTemplate,
          targetPhoneNumber: s.targetPhoneNumber, scheduleEnabled: s.scheduleEnabled, scheduleCron: s.scheduleCron, scheduleTimezone: s.scheduleTimezone,
          isActive: s.isActive, lastExecuted: s.lastExecuted ? new Date(s.lastExecuted) : null, createdAt: new Date(s.createdAt),
        })),
      );
      const finished = files['call-logs.json'].filter((l) => l.status === 'completed' || l.status === 'failed');
      await this.calls.importAccountRows(
        manager,
        finished.map((l) => ({
          id: randomUUID(), userId, phoneNumber: l.phoneNumber, scenario: l.scenario as CallKind, priority: l.priority as CallPriority,
          status: l.status as CallStatus, payload: l.payload, scenarioId: l.scenarioId ? (scenarioIds.get(l.scenarioId) ?? null) : null,
          runKey: null, scheduledTime: l.scheduledTime ? new Date(l.scheduledTime) : null, reservedMonth: null, opening: l.opening,
          callSid: null, answered: l.answered, duration: l.duration, errorMessage: l.errorMessage, transcript: l.transcript,
          recordingSid: null, endedAt: l.endedAt ? new Date(l.endedAt) : null, createdAt: new Date(l.createdAt),
        })),
      );
      const sharing = files['phone-line.json'].callerSharing;
      if (sharing) await this.sharing.importAccountRow(manager, { userId, ...sharing });
      return {
        imported: true,
        counts: {
          'contacts.json': contacts, 'phone-messages.json': files['phone-messages.json'].length, 'call-logs.json': finished.length,
          'call-scenarios.json': scenarioIds.size, 'phone-line.json': sharing ? 1 : 0,
        },
      };
    });
    if (result.imported) {
      await this.scenarios.scheduleImported(userId, [...scenarioIds.values()]);
      this.live.publish(userId, 'phone-messages');
      this.live.publish(userId, 'calls');
    }
    return result;
  }

  /**
   * Everything of the user: at Twilio first (a number bought for them released, their recordings deleted; one gone
   * already is no error, so asking again is safe), the scenarios' schedules and queued calls' jobs, then every row.
   * A Twilio that fails throws before any row goes, so the next try still knows what to clean up.
   */
  async erase(userId: string): Promise<{ done: boolean }> {
    const [messages, logs] = await Promise.all([this.messages.accountRows(userId), this.calls.accountRows(userId)]);
    await this.lines.releaseForErasure(userId);
    const sids = new Set([...messages, ...logs].map((r) => r.recordingSid).filter((sid): sid is string => !!sid));
    for (const sid of sids) await this.twilio.deleteRecording(sid);
    await this.dataSource.transaction(async (manager) => {
      await this.scenarios.eraseAccountRows(manager, userId);
      await this.calls.eraseAccountRows(manager, userId);
      await this.messages.eraseAccountRows(manager, userId);
      await this.contacts.eraseAccountRows(manager, userId);
      await this.sharing.eraseAccountRows(manager, userId);
      await this.lines.eraseAccountRows(manager, userId);
      await eraseArchiveImports(manager, 'telephony', userId);
    });
    return { done: true };
  }
}
