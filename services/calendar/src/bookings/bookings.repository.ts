import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import type { Interval } from './booking-slots';
import { BookingEntity } from './entities/booking.entity';

const UNIQUE_VIOLATION = '23505';

/** Every bookings query. Visitors reach a link by its code; an owner's bookings are scoped by their `userId`. */
@Injectable()
export class BookingsRepository {
  private readonly bookings: Repository<BookingEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.bookings = dataSource.getRepository(BookingEntity);
  }

  /** The confirmed bookings of a link that end after `from` and start before `to`. */
  async takenOnLink(linkId: string, from: Date, to: Date, manager?: EntityManager): Promise<Interval[]> {
    const rows = await (manager?.getRepository(BookingEntity) ?? this.bookings)
      .createQueryBuilder('b')
      .where('b.link_id = :linkId', { linkId })
      .andWhere('b.end_at > :from AND b.start_at < :to', { from, to })
      .getMany();
    return rows.map((b) => ({ start: b.startAt, end: b.endAt }));
  }

  /**
   * Confirms a booking in one transaction holding the link's advisory lock: `check` sees every booking confirmed
   * before and may refuse; the insert is then the only one for its slot. The unique (link, start) index stays the
   * last word: a duplicate answers null.
   */
  confirm(
    linkId: string,
    fields: Omit<BookingEntity, 'id' | 'createdAt' | 'googleEventId' | 'linkId'>,
    check: (manager: EntityManager) => Promise<void>,
  ): Promise<BookingEntity | null> {
    return this.dataSource
      .transaction(async (manager) => {
        await manager.query(`SELECT pg_advisory_xact_lock(hashtext('calendar.booking-link'), hashtext($1))`, [linkId]);
        await check(manager);
        const repo = manager.getRepository(BookingEntity);
        return repo.save(repo.create({ ...fields, linkId, googleEventId: null }));
      })
      .catch((error: unknown) => {
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) return null;
        throw error;
      });
  }

  async setGoogleEventId(userId: string, id: string, googleEventId: string) {
    await this.bookings.update({ id, userId }, { googleEventId });
  }

  findForOwner(userId: string, id: string) {
    return this.bookings.findOneBy({ id, userId });
  }

  /** Account lifecycle (issue 22): every booking of the user's links. */
  ofUser(userId: string) {
    return this.bookings.find({ where: { userId }, order: { startAt: 'ASC' } });
  }

  /** Imported bookings; one already confirmed for the same link and start is kept as it is. */
  async insertMany(manager: EntityManager, rows: Partial<BookingEntity>[]) {
    if (rows.length) await manager.getRepository(BookingEntity).createQueryBuilder().insert().values(rows).orIgnore().execute();
  }

  async eraseUser(manager: EntityManager, userId: string) {
    await manager.getRepository(BookingEntity).delete({ userId });
  }
}
