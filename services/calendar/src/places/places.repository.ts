import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, LessThan, type Repository } from 'typeorm';
import { ReminderPlaceEntity } from './entities/reminder-place.entity';
import type { EntityManager } from 'typeorm';

export type PlaceFields = Pick<ReminderPlaceEntity, 'reminderId' | 'userId' | 'placeText' | 'lat' | 'lon' | 'geocodedName'>;
type Coordinates = Pick<ReminderPlaceEntity, 'lat' | 'lon' | 'geocodedName'>;

/** A geocoded place of a reminder (done or not: reminders/ says which are open). */
export interface PlaceInBox {
  reminderId: string;
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

  /** The reminders of the user whose place is still without coordinates and was last looked up before `lookedUpBefore`. */
  async waitingForLookUp(userId: string, lookedUpBefore: Date): Promise<string[]> {
    const rows = await this.places.find({ select: { reminderId: true }, where: { userId, lat: IsNull(), lookedUpAt: LessThan(lookedUpBefore) } });
    return rows.map((r) => r.reminderId);
  }

  /**
   * Claims the place, among those of the user's `reminderIds`, that is still without coordinates and was last looked
   * up before `lookedUpBefore`, the longest-waiting first, and marks it looked up now: one replica, one look-up. Null
   * when none.
   */
  async claimLookUp(userId: string, reminderIds: string[], lookedUpBefore: Date): Promise<{ reminderId: string; placeText: string } | null> {
    const [rows] = (await this.dataSource.query(
      `UPDATE "calendar"."reminder_places" p SET "looked_up_at" = now()
        WHERE p."reminder_id" = (
          SELECT q."reminder_id" FROM "calendar"."reminder_places" q
           WHERE q."user_id" = $1 AND q."reminder_id" = ANY($2::uuid[]) AND q."lat" IS NULL AND q."looked_up_at" < $3
           ORDER BY q."looked_up_at" LIMIT 1
             FOR UPDATE SKIP LOCKED)
        RETURNING p."reminder_id" AS "reminderId", p."place_text" AS "placeText"`,
      [userId, reminderIds, lookedUpBefore],
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

  /** The user's geocoded places in the box (the caller measures the exact distance). */
  async inBox(userId: string, box: { minLat: number; maxLat: number; minLon: number; maxLon: number }): Promise<PlaceInBox[]> {
    const rows = await this.places
      .createQueryBuilder('p')
      .select(['p.reminder_id AS "reminderId"', 'p.place_text AS "placeText"', 'p.lat AS "lat"', 'p.lon AS "lon"'])
      .where('p.user_id = :userId', { userId })
      .andWhere('p.lat BETWEEN :minLat AND :maxLat', box)
      .andWhere('p.lon BETWEEN :minLon AND :maxLon', box)
      .getRawMany<PlaceInBox>();
    return rows;
  }

  /** Account lifecycle (issue 22): every place of the user's reminders. */
  ofUser(userId: string) {
    return this.places.find({ where: { userId } });
  }

  async insertMany(manager: EntityManager, rows: Partial<ReminderPlaceEntity>[]) {
    if (rows.length) await manager.getRepository(ReminderPlaceEntity).insert(rows);
  }

  async eraseUser(manager: EntityManager, userId: string) {
    await manager.getRepository(ReminderPlaceEntity).delete({ userId });
  }
}
