import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { ReminderEntity } from '../reminders/entities/reminder.entity';
import { ReminderPlaceEntity } from './entities/reminder-place.entity';

export type PlaceFields = Pick<ReminderPlaceEntity, 'reminderId' | 'userId' | 'placeText' | 'lat' | 'lon' | 'geocodedName'>;

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

  constructor(dataSource: DataSource) {
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
        .orUpdate(['place_text', 'lat', 'lon', 'geocoded_name', 'updated_at'], ['reminder_id'])
        .updateEntity(false)
        .execute();
      return true;
    } catch (error) {
      if ((error as { driverError?: { code?: string } }).driverError?.code === FOREIGN_KEY_VIOLATION) return false;
      throw error;
    }
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
