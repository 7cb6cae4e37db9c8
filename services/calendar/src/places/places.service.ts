import { type BeforeApplicationShutdown, Injectable, type OnModuleInit } from '@nestjs/common';
import { api, type NearbyReminderPlace, type RequestContext } from '@jarvis/contracts';
import { createLogger, RpcClient } from '@jarvis/platform';
import { RemindersService, type SavedReminderText } from '../reminders/reminders.service';
import { boundingBox, distanceMeters, type LatLon } from './distance';
import { type GeocodedPlace, Geocoder, type SearchArea } from './geocoder.provider';
import { extractPlace, geocodeQuery } from './place-extractor';
import { PlacesRepository } from './places.repository';
import type { EntityManager } from 'typeorm';
import type { ReminderPlaceEntity } from './entities/reminder-place.entity';

const log = createLogger('reminder-places');
/** How far from the user's last position a place is looked for first ('the grocery store' is the one near them). */
export const LOCAL_SEARCH_RADIUS_METERS = 15_000;
/** How long the user's last position is waited for before the place is looked for anywhere. */
const LOCATION_TIMEOUT_MS = 1_000;
/**
 * The most a reminder request waits for its place (position, then one or two searches of 5 s at most each): well
 * within the request's own 10 s deadline. Later, the place is kept without coordinates.
 */
export const GEOCODE_BUDGET_MS = 6_000;
/** A place still without coordinates is looked up again at most this often (while the user sends positions). */
export const LOOK_UP_AGAIN_AFTER_MS = 60 * 60 * 1000;

/** The place a reminder names: in its when ('when I'm near the pharmacy'), else in its title. */
export function placeOf(reminder: Pick<SavedReminderText, 'title' | 'whenText'>): string | null {
  return (extractPlace(reminder.whenText) ?? extractPlace(reminder.title))?.place ?? null;
}

/** What to do at the place: the title without its place clause ('buy milk'), or the title as it is. */
export function taskOf(title: string): string {
  return extractPlace(title)?.rest || title;
}

/**
 * The places reminders name, geocoded, and the reminders near a position. A place that could not be geocoded keeps
 * its text without coordinates (it triggers once a later look-up finds it); nothing here ever fails the reminder
 * request that made it. reminders/ tells of every saved text (whenTextSaved) and says which reminders are open.
 */
@Injectable()
export class PlacesService implements OnModuleInit, BeforeApplicationShutdown {
  /** Look-ups of places without coordinates started by near(), not awaited by its caller. */
  private readonly lookingUp = new Set<Promise<void>>();

  constructor(
    private readonly places: PlacesRepository,
    private readonly reminders: RemindersService,
    private readonly geocoder: Geocoder,
    private readonly rpc: RpcClient,
  ) {}

  onModuleInit() {
    this.reminders.whenTextSaved((reminder) => this.remember(reminder));
  }

  /**
   * Keeps the place the reminder names now, geocoded within GEOCODE_BUDGET_MS, or removes the one it named before.
   * The same place already geocoded is not asked again. The place is looked for near the user's last position first
   * (notifications keeps it while location triggers are on), then anywhere. Never throws: a failure is logged.
   */
  async remember(reminder: SavedReminderText): Promise<void> {
    try {
      const place = placeOf(reminder);
      if (!place) {
        await this.places.remove(reminder.userId, reminder.id);
        return;
      }
      const known = await this.places.find(reminder.userId, reminder.id);
      if (known?.placeText === place && known.lat !== null) return;
      const found = await this.geocode(place, reminder);
      await this.places.save({
        reminderId: reminder.id,
        userId: reminder.userId,
        placeText: place,
        lat: found?.lat ?? null,
        lon: found?.lon ?? null,
        geocodedName: found?.displayName.slice(0, 500) ?? null,
      });
    } catch (error) {
      log.error({ err: error, reminderId: reminder.id }, 'could not keep the place of a reminder');
    }
  }

  /** The user's not-done reminders whose place lies within `radiusMeters` of the position, nearest first. */
  async near(userId: string, at: LatLon & { radiusMeters: number }): Promise<{ places: NearbyReminderPlace[] }> {
    const inBox = await this.places.inBox(userId, boundingBox(at, at.radiusMeters));
    const open = await this.reminders.openTitles(userId, inBox.map((p) => p.reminderId));
    const places = inBox
      .filter((p) => open.has(p.reminderId))
      .map((p) => ({ ...p, title: open.get(p.reminderId)!, distance: distanceMeters(at, p) }))
      .filter((p) => p.distance <= at.radiusMeters)
      .sort((a, b) => a.distance - b.distance)
      .map((p) => ({
        reminderId: p.reminderId,
        title: taskOf(p.title),
        place: p.placeText,
        lat: p.lat,
        lon: p.lon,
        distanceMeters: Math.round(p.distance),
      }));
    this.lookUpAgainLater(userId, at);
    return { places };
  }

  /** Resolves once the look-ups near() started in this process are done (tests wait for it, and shutdown). */
  async settled() {
    while (this.lookingUp.size) await Promise.allSettled([...this.lookingUp]);
  }

  beforeApplicationShutdown() {
    return this.settled();
  }

  /**
   * A place that could not be geocoded when its reminder was made (the geocoder was down, or found nothing) would
   * never trigger: while the user sends positions, one such place is looked up again, near the position first, at
   * most once an hour, after the answer (the position's request never waits for it).
   */
  private lookUpAgainLater(userId: string, at: LatLon) {
    const task: Promise<void> = this.lookUpAgain(userId, at)
      .catch((error: unknown) => log.warn({ err: error, userId }, 'looking a place up again failed; tried again later'))
      .finally(() => this.lookingUp.delete(task));
    this.lookingUp.add(task);
  }

  private async lookUpAgain(userId: string, at: LatLon) {
    const lookedUpBefore = new Date(Date.now() - LOOK_UP_AGAIN_AFTER_MS);
    const waiting = await this.places.waitingForLookUp(userId, lookedUpBefore);
    if (!waiting.length) return;
    const open = await this.reminders.openTitles(userId, waiting);
    if (!open.size) return;
    const place = await this.places.claimLookUp(userId, [...open.keys()], lookedUpBefore);
    if (!place) return;
    const query = geocodeQuery(place.placeText);
    const found =
      (await this.geocoder.search(query, { lat: at.lat, lon: at.lon, radiusMeters: LOCAL_SEARCH_RADIUS_METERS })) ?? (await this.geocoder.search(query));
    if (!found) return;
    await this.places.setCoordinates(userId, place.reminderId, place.placeText, {
      lat: found.lat,
      lon: found.lon,
      geocodedName: found.displayName.slice(0, 500),
    });
  }

  private async geocode(place: string, reminder: SavedReminderText): Promise<GeocodedPlace | null> {
    const query = geocodeQuery(place);
    let timer: NodeJS.Timeout | undefined;
    const outOfTime = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), GEOCODE_BUDGET_MS);
    });
    const search = async () => {
      const area = await this.userArea(reminder);
      return (area && (await this.geocoder.search(query, area))) || (await this.geocoder.search(query));
    };
    try {
      const found = await Promise.race([search(), outOfTime]);
      if (found === 'late') {
        log.warn({ reminderId: reminder.id, place }, `no place found within ${GEOCODE_BUDGET_MS} ms; kept without coordinates`);
        return null;
      }
      if (!found) log.info({ reminderId: reminder.id, place }, 'the geocoder found no such place; kept without coordinates');
      return found;
    } catch (error) {
      log.warn({ err: error, reminderId: reminder.id, place }, 'geocoding failed; the place is kept without coordinates');
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Around the user's last saved position, or null (none saved, or notifications did not answer in time). */
  private async userArea(reminder: SavedReminderText): Promise<SearchArea | null> {
    const ctx: RequestContext = { userId: reminder.userId, tier: 'free', requestId: `reminder-place-${reminder.id}` };
    try {
      const location = await this.rpc.call(api.notifications.getLocation, {}, ctx, { timeoutMs: LOCATION_TIMEOUT_MS });
      if (!location.hasLocation || location.lat === undefined || location.lon === undefined) return null;
      return { lat: location.lat, lon: location.lon, radiusMeters: LOCAL_SEARCH_RADIUS_METERS };
    } catch (error) {
      log.info({ err: error, userId: reminder.userId }, "the user's last position is unknown; the place is looked for anywhere");
      return null;
    }
  }

  /** Account lifecycle (issue 22): the places of the user's reminders, by reminder. */
  async accountRows(userId: string): Promise<Map<string, ReminderPlaceEntity>> {
    return new Map((await this.places.ofUser(userId)).map((p) => [p.reminderId, p]));
  }

  importAccountRows(manager: EntityManager, rows: Partial<ReminderPlaceEntity>[]) {
    return this.places.insertMany(manager, rows);
  }

  eraseAccountRows(manager: EntityManager, userId: string) {
    return this.places.eraseUser(manager, userId);
  }
}
