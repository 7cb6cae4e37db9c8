import { Injectable } from '@nestjs/common';
import type { NearbyReminderPlace } from '@jarvis/contracts';
import { createLogger } from '@jarvis/platform';
import { boundingBox, distanceMeters, type LatLon } from './distance';
import { type GeocodedPlace, Geocoder } from './geocoder.provider';
import { extractPlace, geocodeQuery } from './place-extractor';
import { PlacesRepository } from './places.repository';

const log = createLogger('reminder-places');

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
  ) {}

  /**
   * Keeps the place the reminder names now, geocoded through the geocoder (its own 5 s deadline), or removes the one
   * it named before. The same place already geocoded is not asked again. Never throws: a failure is logged.
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
      const found = await this.geocode(place, reminder.id);
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

  private async geocode(place: string, reminderId: string): Promise<GeocodedPlace | null> {
    try {
      const found = await this.geocoder.search(geocodeQuery(place));
      if (!found) log.info({ reminderId, place }, 'the geocoder found no such place; kept without coordinates');
      return found;
    } catch (error) {
      log.warn({ err: error, reminderId, place }, 'geocoding failed; the place is kept without coordinates');
      return null;
    }
  }
}
