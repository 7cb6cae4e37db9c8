import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { api, type CalendarSyncSettings, DEFAULT_REMINDER_MINUTES, internalApi, type RequestOf, type UserContext } from '@jarvis/contracts';
import { createLogger, LiveEvents, RpcClient } from '@jarvis/platform';
import { CalendarNotConnected } from '../calendar-connection/calendar-connection.errors';
import { CalendarConnectionService } from '../calendar-connection/calendar-connection.service';
import { type CalendarEvent, GoogleCalendarAdapter } from '../calendar-connection/google-calendar.adapter';
import { RemindersService } from '../reminders/reminders.service';
import { SyncedEventNotFound } from './calendar-sync.errors';
import { CalendarSyncRepository } from './calendar-sync.repository';
import type { CalendarSyncSettingsEntity } from './entities/calendar-sync-settings.entity';
import type { SyncedEventEntity } from './entities/synced-event.entity';
import { matchesKeyword } from './keywords';
import type { EntityManager } from 'typeorm';

type SettingsPatch = RequestOf<typeof api.calendar.syncSettings>;

/** A sync reads the primary calendar over the next 7 days. */
export const SYNC_WINDOW_DAYS = 7;
const E164 = /^\+[1-9]\d{6,14}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const log = createLogger('calendar-sync');

export const DEFAULT_SYNC_SETTINGS: CalendarSyncSettings = {
  enabled: false,
  sync_reminders: true,
  reminder_minutes_before: DEFAULT_REMINDER_MINUTES,
  sync_calls: false,
  call_keywords: [],
};

function toSettings(row: CalendarSyncSettingsEntity | null): CalendarSyncSettings {
  if (!row) return { ...DEFAULT_SYNC_SETTINGS };
  return {
    enabled: row.enabled,
    sync_reminders: row.syncReminders,
    reminder_minutes_before: row.reminderMinutesBefore,
    sync_calls: row.syncCalls,
    call_keywords: row.callKeywords,
  };
}

/**
 * Calendar sync: the user's settings, and a sync of the next 7 days of their primary Google Calendar into reminders
 * (one an event, at its start minus the set minutes) and appointment calls (events whose title or description holds
 * a keyword; telephony queues a call to the user's own phone at the event's start). What a sync made is kept by
 * event id and start, so a second sync changes nothing, a moved event moves its reminder (and gets a call at its new
 * time), and a cancelled or deleted event loses its reminder.
 */
@Injectable()
export class CalendarSyncService {
  constructor(
    private readonly repo: CalendarSyncRepository,
    private readonly google: GoogleCalendarAdapter,
    private readonly connections: CalendarConnectionService,
    private readonly reminders: RemindersService,
    private readonly rpc: RpcClient,
    private readonly live: LiveEvents,
  ) {}

  /** Users with sync on and a connected calendar, the longest unsynced first: whom the periodic sync visits. */
  async sweepUsers(): Promise<string[]> {
    const users: string[] = [];
    for (const userId of await this.repo.enabledUsers()) {
      if ((await this.connections.status(userId)).connected) users.push(userId);
    }
    return users;
  }

  async settings(userId: string): Promise<CalendarSyncSettings> {
    return toSettings(await this.repo.findSettings(userId));
  }

  async updateSettings(userId: string, patch: SettingsPatch): Promise<CalendarSyncSettings> {
    await this.repo.saveSettings(userId, {
      ...(patch.enabled !== undefined && { enabled: patch.enabled }),
      ...(patch.sync_reminders !== undefined && { syncReminders: patch.sync_reminders }),
      ...(patch.reminder_minutes_before !== undefined && { reminderMinutesBefore: patch.reminder_minutes_before }),
      ...(patch.sync_calls !== undefined && { syncCalls: patch.sync_calls }),
      ...(patch.call_keywords !== undefined && { callKeywords: [...new Set(patch.call_keywords)] }),
    });
    return this.settings(userId);
  }

  async status(userId: string) {
    const [row, recent] = await Promise.all([this.repo.findSettings(userId), this.repo.recent(userId)]);
    return {
      settings: toSettings(row),
      lastSyncAt: row?.lastSyncAt?.toISOString() ?? null,
      recentSyncs: recent.map((r) => ({ id: r.id, event_type: r.eventType, event_title: r.eventTitle, event_start: r.eventStart.toISOString() })),
    };
  }

  /** Removes a synced event from the list and deletes the reminder it made; later syncs leave that event alone. */
  async removeSynced(ctx: UserContext, id: string): Promise<{ success: true }> {
    const userId = ctx.userId;
    const row = UUID.test(id) ? await this.repo.findForUser(userId, id) : null;
    if (!row) throw SyncedEventNotFound();
    if (row.reminderId) await this.deleteReminder(userId, row.reminderId);
    if (row.callId) await this.cancelCall(ctx, row.callId);
    await this.repo.update(userId, id, { dismissedAt: new Date(), reminderId: null, callId: null });
    return { success: true };
  }

  /** Syncs the caller's calendar now. Not connected: 400; an expired grant: 401 CALENDAR_CONNECTION_EXPIRED. */
  async run(ctx: UserContext, now = new Date()): Promise<{ syncedReminders: number; syncedCalls: number }> {
    const settings = await this.settings(ctx.userId);
    const to = new Date(now.getTime() + SYNC_WINDOW_DAYS * 86_400_000);
    const events = await this.google.listEvents(ctx.userId, now, to);
    if (!events) throw CalendarNotConnected();

    const syncedReminders = settings.sync_reminders ? await this.syncReminders(ctx.userId, settings, events, now, to) : 0;
    const syncedCalls = await this.syncCalls(ctx, settings, events, now, to);
    await this.repo.markSynced(ctx.userId, new Date());
    log.info({ userId: ctx.userId, events: events.length, syncedReminders, syncedCalls }, 'calendar synced');
    return { syncedReminders, syncedCalls };
  }

  private async syncReminders(userId: string, settings: CalendarSyncSettings, events: CalendarEvent[], from: Date, to: Date) {
    const known = await this.repo.byEvent(userId, 'reminder');
    const reminderTimes = await this.reminders.timesById(userId);
    const seen = new Set<string>();
    let synced = 0;
    let changed = false;
    for (const event of events) {
      seen.add(event.id);
      const row = known.get(event.id);
      if (event.cancelled) {
        if (row) changed = (await this.forget(userId, row)) || changed;
        continue;
      }
      const remindAt = new Date(event.start.getTime() - settings.reminder_minutes_before * 60_000);
      if (!row) {
        const id = await this.repo.claim({ userId, googleEventId: event.id, eventType: 'reminder', eventTitle: clip(event.title), eventStart: event.start });
        if (!id) continue;
        const reminderId = await this.reminders.createForEvent(userId, clip(event.title), remindAt);
        await this.repo.update(userId, id, { reminderId });
        synced += 1;
        changed = true;
      } else if (row.dismissedAt) {
        continue;
      } else if (row.eventStart.getTime() !== event.start.getTime() || row.eventTitle !== clip(event.title)) {
        const moved = row.eventStart.getTime() !== event.start.getTime();
        const reminderId = await this.moveReminder(userId, row, event, remindAt);
        await this.repo.update(userId, row.id, { eventStart: event.start, eventTitle: clip(event.title), reminderId });
        if (moved) synced += 1;
        changed = true;
      } else if (row.reminderId && reminderTimes.has(row.reminderId) && reminderTimes.get(row.reminderId) !== remindAt.getTime()) {
        // The minutes-before setting changed since: the reminder follows it.
        await this.moveReminder(userId, row, event, remindAt);
        changed = true;
      }
    }
    // An event deleted from the calendar (or moved out of the window) no longer comes back: its reminder goes too.
    for (const row of known.values()) {
      if (!seen.has(row.googleEventId) && !row.dismissedAt && row.eventStart >= from && row.eventStart < to) {
        changed = (await this.forget(userId, row)) || changed;
      }
    }
    if (changed) this.live.publish(userId, 'reminders', {});
    return synced;
  }

  /** Moves the row's reminder to the event's new time; a reminder the user deleted meanwhile is made again. */
  private async moveReminder(userId: string, row: SyncedEventEntity, event: CalendarEvent, remindAt: Date): Promise<string> {
    const moved = row.reminderId ? await this.reminders.moveForEvent(userId, row.reminderId, clip(event.title), remindAt) : null;
    return moved ?? (await this.reminders.createForEvent(userId, clip(event.title), remindAt));
  }

  private async forget(userId: string, row: SyncedEventEntity): Promise<boolean> {
    if (row.reminderId) await this.reminders.removeForEvent(userId, row.reminderId);
    await this.repo.remove(userId, row.id);
    return true;
  }

  private async deleteReminder(userId: string, reminderId: string) {
    if (await this.reminders.removeForEvent(userId, reminderId)) this.live.publish(userId, 'reminders', { id: reminderId });
  }

  /**
   * Queues a call for each upcoming event with a keyword, once per event and start. A moved event gets a call at its
   * new time and its old call is cancelled; a cancelled or deleted event (or one that lost its keyword, or calls
   * turned off) has its pending call cancelled.
   */
  private async syncCalls(ctx: UserContext, settings: CalendarSyncSettings, events: CalendarEvent[], now: Date, to: Date) {
    const known = await this.repo.byEvent(ctx.userId, 'call');
    const enabled = settings.sync_calls && settings.call_keywords.length > 0;
    const wanted = enabled
      ? events.filter((e) => !e.cancelled && e.start > now && matchesKeyword(settings.call_keywords, e.title, e.description))
      : [];
    const wantedIds = new Set(wanted.map((e) => e.id));
    for (const row of known.values()) {
      if (!wantedIds.has(row.googleEventId) && !row.dismissedAt && row.eventStart > now && row.eventStart < to) {
        if (row.callId) await this.cancelCall(ctx, row.callId);
        await this.repo.remove(ctx.userId, row.id);
      }
    }
    const pending = wanted.filter((e) => {
      const row = known.get(e.id);
      return !row || (!row.dismissedAt && row.eventStart.getTime() !== e.start.getTime());
    });
    if (!pending.length) return 0;
    const phoneNumber = await this.ownPhone(ctx);
    if (!phoneNumber) {
      log.info({ userId: ctx.userId }, 'no phone number for calendar calls: set the SMS number or claim a phone line');
      return 0;
    }
    let queued = 0;
    for (const event of pending) {
      const row = known.get(event.id);
      const rowId = row?.id ?? (await this.repo.claim({ userId: ctx.userId, googleEventId: event.id, eventType: 'call', eventTitle: clip(event.title), eventStart: event.start }));
      if (!rowId) continue;
      try {
        const call = await this.rpc.call(
          api.telephony.appointmentCall,
          {
            phoneNumber,
            scheduledTime: event.start.toISOString(),
            appointmentType: event.title.slice(0, 200),
            location: (event.location ?? 'See your calendar').slice(0, 500),
          },
          ctx,
        );
        await this.repo.update(ctx.userId, rowId, { callId: call.callId.slice(0, 64), eventStart: event.start, eventTitle: clip(event.title) });
        if (row?.callId) await this.cancelCall(ctx, row.callId);
        queued += 1;
      } catch (error) {
        // Not queued (no allowance left, a free plan, telephony down): the next sync tries again.
        if (!row) await this.repo.remove(ctx.userId, rowId);
        log.warn({ err: error, userId: ctx.userId }, 'appointment call for a calendar event not queued');
      }
    }
    return queued;
  }

  /** Cancels a queued call that has not started (telephony gives its allowance back); one already made stays logged. */
  private async cancelCall(ctx: UserContext, callId: string) {
    if (!UUID.test(callId)) return;
    await this.rpc.call(api.telephony.deleteCallLog, { id: callId }, ctx).catch((error: unknown) => {
      log.warn({ err: error, userId: ctx.userId }, 'the appointment call of a calendar event could not be cancelled');
    });
  }

  /** The user's own phone: the SMS number of their notification preferences, else their phone line. */
  private async ownPhone(ctx: UserContext): Promise<string | null> {
    const sms = await this.rpc
      .call(api.notifications.preferences, {}, ctx)
      .then((p) => p.sms.phoneNumber?.replace(/[\s()-]/g, '') ?? '')
      .catch(() => '');
    if (E164.test(sms)) return sms;
    const line = await this.rpc.call(api.telephony.phoneLine, {}, ctx).catch(() => null);
    return line?.phoneNumber && E164.test(line.phoneNumber) ? line.phoneNumber : null;
  }

  /** The context a scheduled sync acts with: the user's plan from identity (free when it cannot be read). */
  async contextFor(userId: string): Promise<UserContext> {
    const base: UserContext = { userId, tier: 'free', requestId: `calendar-sync-${randomUUID()}` };
    const profile = await this.rpc.call(internalApi.identity.userProfile, { userId }, base).catch(() => null);
    return profile ? { ...base, tier: profile.tier } : base;
  }

  /** Account lifecycle (issue 22): the user's sync settings and the events syncs made. */
  async accountRows(userId: string): Promise<{ settings: CalendarSyncSettingsEntity | null; synced: SyncedEventEntity[] }> {
    return { settings: await this.repo.findSettings(userId), synced: await this.repo.syncedOfUser(userId) };
  }

  importAccountSettings(manager: EntityManager, fields: Partial<CalendarSyncSettingsEntity> & { userId: string }) {
    return this.repo.importSettings(manager, fields);
  }

  eraseAccountRows(manager: EntityManager, userId: string) {
    return this.repo.eraseUser(manager, userId);
  }
}

const clip = (title: string) => title.slice(0, 500);
