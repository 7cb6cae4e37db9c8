import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { ReminderEntity } from '../reminders/entities/reminder.entity';
import { ReminderPlaceEntity } from './entities/reminder-place.entity';

export type PlaceFields = Pick<ReminderPlaceEntity, 'reminderId' | 'userId' | 'placeText' | 'lat' | 'lon' | 'geocodedName'>;
type Coordinates = Pick<ReminderPlaceEntity, 'lat' | 'lon' | 'geocodedName'>;

/** A geocoded place of a not-done reminder, with the reminder's title. */
export interface PlaceOfOpenReminder {
  reminderId: string;
  title: string;
  placeText: string;
  lat: number;
  lon: number;
}

/** Postgres' foreign_key_violation: the reminder was deleted while its place was being geocoded. */
const FOREIGN_KEY_VIOLATION = '23503';

/** Every query of reminder places, each scoped by the user. */
@Injectable()
export class PlacesRepository {
  private readonly places: Repository<ReminderPlaceEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.places = dataSource.getRepository(ReminderPlaceEntity);
  }

  find(userId: string, reminderId: string) {
    return this.places.findOneBy({ reminderId, userId });
  }

  /** Keeps a reminder's place (replacing the one it had). False when the reminder no longer exists. */
  async save(fields: PlaceFields): Promise<boolean> {
    try {
      await this.places
        .createQueryBuilder()
        .insert()
        .into(ReminderPlaceEntity)
        .values(fields)
        .orUpdate(['place_text', 'lat', 'lon', 'geocoded_name', 'looked_up_at', 'updated_at'], ['reminder_id'])
        .updateEntity(false)
        .execute();
      return true;
    } catch (error) {
      if ((error as { driverError?: { code?: string } }).driverError?.code === FOREIGN_KEY_VIOLATION) return false;
      throw error;
    }
  }

  /**
   * Claims the user's place of a not-done reminder that is still without coordinates and was last looked up before
   * `lookedUpBefore`, the longest-waiting first, and marks it looked up now: one replica, one look-up. Null when none.
   */
  async claimLookUp(userId: string, lookedUpBefore: Date): Promise<{ reminderId: string; placeText: string } | null> {
    const [rows] = (await this.dataSource.query(
      `UPDATE "calendar"."reminder_places" p SET "looked_up_at" = now()
        WHERE p."reminder_id" = (
          SELECT q."reminder_id" FROM "calendar"."reminder_places" q
            JOIN "calendar"."reminders" r ON r."id" = q."reminder_id" AND r."user_id" = q."user_id"
           WHERE q."user_id" = $1 AND q."lat" IS NULL AND r."done" = false AND q."looked_up_at" < $2
           ORDER BY q."looked_up_at" LIMIT 1
             FOR UPDATE OF q SKIP LOCKED)
        RETURNING p."reminder_id" AS "reminderId", p."place_text" AS "placeText"`,
      [userId, lookedUpBefore],
    )) as [{ reminderId: string; placeText: string }[], number];
    return rows[0] ?? null;
  }

  /** Sets the coordinates of a place looked up again, unless the reminder names another place by now. */
  async setCoordinates(userId: string, reminderId: string, placeText: string, coordinates: Coordinates) {
    await this.places.update({ reminderId, userId, placeText }, coordinates);
  }

  async remove(userId: string, reminderId: string) {
    await this.places.delete({ reminderId, userId });
  }

  /** The user's not-done reminders whose geocoded place lies in the box (the caller measures the exact distance). */
  async openInBox(userId: string, box: { minLat: number; maxLat: number; minLon: number; maxLon: number }): Promise<PlaceOfOpenReminder[]> {
    const rows = await this.places
      .createQueryBuilder('p')
      .innerJoin(ReminderEntity, 'r', 'r.id = p.reminder_id AND r.user_id = p.user_id')
      .select(['p.reminder_id AS "reminderId"', 'r.title AS "title"', 'p.place_text AS "placeText"', 'p.lat AS "lat"', 'p.lon AS "lon"'])
      .where('p.user_id = :userId', { userId })
      .andWhere('r.done = false')
      .andWhere('p.lat BETWEEN :minLat AND :maxLat', box)
      .andWhere('p.lon BETWEEN :minLon AND :maxLon', box)
      .getRawMany<PlaceOfOpenReminder>();
    return rows;
  }
}
