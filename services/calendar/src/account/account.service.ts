import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { AccountExportPart, AccountFiles, AccountImportResult } from '@jarvis/contracts';
import { eraseArchiveImports, LiveEvents, recordArchiveImport } from '@jarvis/platform';
import { DataSource } from 'typeorm';
import { BookingLinksService } from '../booking-links/booking-links.service';
import { BookingsService } from '../bookings/bookings.service';
import { CalendarConnectionService } from '../calendar-connection/calendar-connection.service';
import { CalendarSyncService } from '../calendar-sync/calendar-sync.service';
import { PlacesService } from '../places/places.service';
import { RemindersService } from '../reminders/reminders.service';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Calendar's part of a user's archive (issue 22): reminders with their places, sync settings and the events syncs
 * made, the booking link and its bookings. The Google connection is listed without its token and never imported
 * (a new installation asks to connect again); the events syncs made belong to that connection and are not imported
 * either. Erasing disconnects Google (the grant revoked) and removes every row.
 */
@Injectable()
export class CalendarAccountService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reminders: RemindersService,
    private readonly places: PlacesService,
    private readonly links: BookingLinksService,
    private readonly bookings: BookingsService,
    private readonly sync: CalendarSyncService,
    private readonly connection: CalendarConnectionService,
    private readonly live: LiveEvents,
  ) {}

  async export(userId: string): Promise<AccountExportPart<'calendar'>> {
    const [reminders, places, links, bookings, sync, connection] = await Promise.all([
      this.reminders.accountRows(userId),
      this.places.accountRows(userId),
      this.links.accountRows(userId),
      this.bookings.accountRows(userId),
      this.sync.accountRows(userId),
      this.connection.accountConnection(userId),
    ]);
    const files: AccountFiles<'calendar'> = {
      'reminders.json': reminders.map((r) => {
        const place = places.get(r.id);
        return {
          id: r.id, title: r.title, whenText: r.whenText, reminderTime: iso(r.reminderTime), done: r.done,
          dueNotifiedAt: iso(r.dueNotifiedAt), createdAt: r.createdAt.toISOString(),
          place: place ? { placeText: place.placeText, lat: place.lat, lon: place.lon, geocodedName: place.geocodedName } : null,
        };
      }),
      'calendar-settings.json': {
        sync: sync.settings && {
          enabled: sync.settings.enabled, syncReminders: sync.settings.syncReminders, reminderMinutesBefore: sync.settings.reminderMinutesBefore,
          syncCalls: sync.settings.syncCalls, callKeywords: sync.settings.callKeywords, lastSyncAt: iso(sync.settings.lastSyncAt),
        },
        connection: connection && { googleEmail: connection.googleEmail, scopes: connection.scopes, connectedAt: connection.connectedAt.toISOString() },
        syncedEvents: sync.synced.map((e) => ({
          googleEventId: e.googleEventId, eventType: e.eventType, eventTitle: e.eventTitle, eventStart: e.eventStart.toISOString(),
          reminderId: e.reminderId, dismissedAt: iso(e.dismissedAt),
        })),
      },
      'booking-links.json': links.map((l) => ({ id: l.id, code: l.code, title: l.title, durationMinutes: l.durationMinutes, createdAt: l.createdAt.toISOString() })),
      'bookings.json': bookings.map((b) => ({
        id: b.id, linkId: b.linkId, startAt: b.startAt.toISOString(), endAt: b.endAt.toISOString(), bookerName: b.bookerName,
        bookerEmail: b.bookerEmail, createdAt: b.createdAt.toISOString(),
      })),
    };
    return { files, attachments: [], unavailable: [] };
  }

  /** The archive's part merged in one transaction, new ids everywhere, bookings remapped to the user's link; once per archive. */
  async import(userId: string, archiveKey: string, files: AccountFiles<'calendar'>): Promise<AccountImportResult> {
    const result = await this.dataSource.transaction(async (manager): Promise<AccountImportResult> => {
      if (!(await recordArchiveImport(manager, 'calendar', userId, archiveKey))) return { imported: false, counts: {} };
      const reminders = files['reminders.json'].map((r) => ({ ...r, newId: randomUUID() }));
      await this.reminders.importAccountRows(
        manager,
        reminders.map((r) => ({
          id: r.newId, userId, title: r.title, whenText: r.whenText, reminderTime: r.reminderTime ? new Date(r.reminderTime) : null,
          done: r.done, dueNotifiedAt: r.dueNotifiedAt ? new Date(r.dueNotifiedAt) : null, createdAt: new Date(r.createdAt),
        })),
      );
      await this.places.importAccountRows(
        manager,
        reminders.flatMap((r) => (r.place ? [{ reminderId: r.newId, userId, placeText: r.place.placeText, lat: r.place.lat, lon: r.place.lon, geocodedName: r.place.geocodedName }] : [])),
      );
      const sync = files['calendar-settings.json'].sync;
      if (sync) {
        await this.sync.importAccountSettings(manager, {
          userId, enabled: sync.enabled, syncReminders: sync.syncReminders, reminderMinutesBefore: sync.reminderMinutesBefore,
          syncCalls: sync.syncCalls, callKeywords: sync.callKeywords,
        });
      }
      const linkIds = new Map<string, string>();
      for (const link of files['booking-links.json']) {
        linkIds.set(link.id, await this.links.linkForImport(manager, userId, { title: link.title, durationMinutes: link.durationMinutes, createdAt: new Date(link.createdAt) }));
      }
      const bookings = files['bookings.json'].filter((b) => linkIds.has(b.linkId));
      await this.bookings.importAccountRows(
        manager,
        bookings.map((b) => ({
          id: randomUUID(), linkId: linkIds.get(b.linkId)!, userId, startAt: new Date(b.startAt), endAt: new Date(b.endAt),
          bookerName: b.bookerName, bookerEmail: b.bookerEmail, googleEventId: null, createdAt: new Date(b.createdAt),
        })),
      );
      return {
        imported: true,
        counts: { 'reminders.json': reminders.length, 'calendar-settings.json': sync ? 1 : 0, 'booking-links.json': linkIds.size, 'bookings.json': bookings.length },
      };
    });
    if (result.imported) this.live.publish(userId, 'reminders');
    return result;
  }

  /** Everything of the user, at Google first (the calendar grant revoked), then every row; doing it again finds nothing. */
  async erase(userId: string): Promise<{ done: boolean }> {
    await this.connection.disconnect(userId);
    await this.dataSource.transaction(async (manager) => {
      await this.bookings.eraseAccountRows(manager, userId);
      await this.links.eraseAccountRows(manager, userId);
      await this.places.eraseAccountRows(manager, userId);
      await this.reminders.eraseAccountRows(manager, userId);
      await this.sync.eraseAccountRows(manager, userId);
      await eraseArchiveImports(manager, 'calendar', userId);
    });
    return { done: true };
  }
}
