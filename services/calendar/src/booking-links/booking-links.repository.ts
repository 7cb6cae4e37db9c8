import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { BookingLinkEntity } from './entities/booking-link.entity';
import type { EntityManager } from 'typeorm';

/** Every booking-link query, scoped by `userId`. */
@Injectable()
export class BookingLinksRepository {
  private readonly links: Repository<BookingLinkEntity>;

  constructor(dataSource: DataSource) {
    this.links = dataSource.getRepository(BookingLinkEntity);
  }

  findForUser(userId: string) {
    return this.links.findOneBy({ userId });
  }

  /**
   * Inserts the user's link unless they have one (or, rarely, the code is taken): the unique indexes decide when two
   * replicas race, and the caller reads back whichever link won.
   */
  async insertIfAbsent(userId: string, code: string, title: string): Promise<void> {
    await this.links.createQueryBuilder().insert().values({ userId, code, title, durationMinutes: 30 }).orIgnore().execute();
  }

  /** A link by its public code, whoever owns it: the booking page's visitors have no user. */
  findByCode(code: string) {
    return this.links.findOneBy({ code });
  }

  /** Account lifecycle (issue 22): the user's link, read in the caller's transaction. */
  findForUserIn(manager: EntityManager, userId: string) {
    return manager.getRepository(BookingLinkEntity).findOneBy({ userId });
  }

  /** A link made for an imported archive, in the caller's transaction. */
  async insertImported(manager: EntityManager, row: Pick<BookingLinkEntity, 'id' | 'userId' | 'code' | 'title' | 'durationMinutes' | 'createdAt'>) {
    await manager.getRepository(BookingLinkEntity).insert(row);
  }

  async eraseUser(manager: EntityManager, userId: string) {
    await manager.getRepository(BookingLinkEntity).delete({ userId });
  }
}
