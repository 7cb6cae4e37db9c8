import { Injectable } from '@nestjs/common';
import { internalApi, type NearbyReminderPlace, type UserContext } from '@jarvis/contracts';
import { createLogger, RpcClient } from '@jarvis/platform';
import { newYorkClock } from '../briefing/new-york-time';
import { DeliveryService } from '../delivery/delivery.service';
import { InboxService } from '../inbox/inbox.service';
import { LocationRepository } from './location.repository';
import type { EntityManager } from 'typeorm';

const log = createLogger('location-triggers');
const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a position waits for calendar's places before it is answered with the recent triggers alone. */
const PLACES_TIMEOUT_MS = 3_000;

/** The inbox message of a trigger: "You're near the pharmacy on 5th Ave: buy milk". */
export function triggerMessage(place: Pick<NearbyReminderPlace, 'place' | 'title'>) {
  return `You're near ${place.place}: ${place.title}`;
}

@Injectable()
export class LocationService {
  constructor(
    private readonly repository: LocationRepository,
    private readonly inbox: InboxService,
    private readonly rpc: RpcClient,
    private readonly delivery: DeliveryService,
  ) {}

  async get(userId: string) {
    const row = await this.repository.find(userId);
    if (!row) return { hasLocation: false };
    return { hasLocation: true, lat: row.lat, lon: row.lon, ...(row.locationName ? { locationName: row.locationName } : {}) };
  }

  async set(userId: string, input: { lat: number; lon: number; locationName?: string }) {
    await this.repository.save(userId, { lat: input.lat, lon: input.lon, locationName: input.locationName || null });
    return { hasLocation: true as const };
  }

  async remove(userId: string) {
    await this.repository.remove(userId);
    return { hasLocation: false as const };
  }

  /**
   * The browser's periodic position: kept (with the place name it had), then the location triggers it sets off, and
   * the answer lists the triggers of the last day. A trigger is a not-done reminder of the user whose place
   * (kept and geocoded by calendar) lies within 300 m; it fires at most once a New York day per reminder, as one
   * high-priority `location_trigger` inbox entry, told to the user's browsers and delivered on the channels their
   * preferences enable for location triggers. Calendar unreachable: logged, and the recent triggers are answered.
   */
  async position(ctx: UserContext, input: { lat: number; lon: number }, now = new Date()) {
    const userId = ctx.userId;
    const known = await this.repository.find(userId);
    await this.repository.save(userId, { lat: input.lat, lon: input.lon, locationName: known?.locationName ?? null });
    await this.fireTriggers(ctx, input, now);
    const recent = await this.inbox.recentOfType(userId, 'location_trigger', new Date(now.getTime() - DAY_MS));
    return {
      notifications: recent.map((n) => ({ id: n.id, message: n.message, priority: n.priority, createdAt: n.createdAt.toISOString() })),
    };
  }

  private async fireTriggers(ctx: UserContext, at: { lat: number; lon: number }, now: Date) {
    let places: NearbyReminderPlace[];
    try {
      ({ places } = await this.rpc.call(internalApi.calendar.placesNear, { lat: at.lat, lon: at.lon }, ctx, { timeoutMs: PLACES_TIMEOUT_MS }));
    } catch (error) {
      log.warn({ err: error, userId: ctx.userId }, 'calendar did not answer the places near the user; answering the recent triggers only');
      return;
    }
    const day = newYorkClock(now).date;
    await this.repository.forgetTriggersBefore(ctx.userId, day);
    for (const place of places) {
      const entry = await this.inbox.add(
        {
          userId: ctx.userId,
          type: 'location_trigger',
          title: 'Location Trigger',
          message: triggerMessage(place),
          priority: 'high',
          sourceKey: `location_trigger:${place.reminderId}:${day}`,
        },
        (insert) => this.repository.fireOnce(ctx.userId, place.reminderId, day, insert),
      );
      if (!entry) continue;
      try {
        await this.delivery.queueChannels(entry, 'location_trigger');
      } catch (error) {
        // The entry is in the inbox and in this answer; only its push, SMS or e-mail is missing.
        log.error({ err: error, notificationId: entry.id }, 'location trigger not queued for its channels');
      }
    }
  }

  /** Account lifecycle (issue 22): the last saved position (the triggers that fired are this installation's). */
  async accountRow(userId: string) {
    const row = await this.repository.find(userId);
    return row && { lat: row.lat, lon: row.lon, locationName: row.locationName, updatedAt: row.updatedAt.toISOString() };
  }

  eraseAccountRows(manager: EntityManager, userId: string) {
    return this.repository.eraseUser(manager, userId);
  }
}
