import { Injectable } from '@nestjs/common';
import { api, type NearbyReminderPlace, type RequestContext } from '@jarvis/contracts';
import { createLogger, RpcClient } from '@jarvis/platform';
import { boundingBox, distanceMeters, type LatLon } from './distance';
import { type GeocodedPlace, Geocoder, type SearchArea } from './geocoder.provider';
import { extractPlace, geocodeQuery } from './place-extractor';
import { PlacesRepository } from './places.repository';

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

interface ReminderText {
  id: string;
  userId: string;
  title: string;
  whenText: string;
}

/** The place a reminder names: in its when ('when I'm near the pharmacy'), else in its title. */
export function placeOf(reminder: Pick<ReminderText, 'title' | 'whenText'>): string | null {
  return (extractPlace(reminder.whenText) ?? extractPlace(reminder.title))?.place ?? null;
}

/** What to do at the place: the title without its place clause ('buy milk'), or the title as it is. */
export function taskOf(title: string): string {
  return extractPlace(title)?.rest || title;
}

/**
 * The places reminders name, geocoded, and the reminders near a position. A place that could not be geocoded keeps
 * its text (without coordinates, so it never triggers); nothing here ever fails the reminder request that made it.
 */
@Injectable()
export class PlacesService {
  constructor(
    private readonly places: PlacesRepository,
    private readonly geocoder: Geocoder,
    private readonly rpc: RpcClient,
  ) {}

  /**
   * Keeps the place the reminder names now, geocoded through the geocoder (its own 5 s deadline), or removes the one
   * it named before. The same place already geocoded is not asked again. The place is looked for near the user's last
   * position first (notifications keeps it while location triggers are on), then anywhere. Never throws: a failure
   * is logged.
   */
  async remember(reminder: ReminderText): Promise<void> {
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
    const candidates = await this.places.openInBox(userId, boundingBox(at, at.radiusMeters));
    const places = candidates
      .map((p) => ({ ...p, distance: distanceMeters(at, p) }))
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
    return { places };
  }

  private async geocode(place: string, reminder: ReminderText): Promise<GeocodedPlace | null> {
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
  private async userArea(reminder: ReminderText): Promise<SearchArea | null> {
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
}
