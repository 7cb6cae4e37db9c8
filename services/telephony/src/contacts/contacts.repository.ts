import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { ContactEntity } from './entities/contact.entity';
import type { EntityManager } from 'typeorm';

@Injectable()
export class ContactsRepository {
  private readonly contacts: Repository<ContactEntity>;

  constructor(dataSource: DataSource) {
    this.contacts = dataSource.getRepository(ContactEntity);
  }

  list(userId: string) {
    return this.contacts.find({ where: { userId }, order: { name: 'ASC' } });
  }

  findOne(userId: string, id: string) {
    return this.contacts.findOneBy({ id, userId });
  }

  findByNumber(userId: string, phoneNumber: string) {
    return this.contacts.findOneBy({ userId, phoneNumber });
  }

  save(contact: Partial<ContactEntity>) {
    return this.contacts.save(contact);
  }

  async delete(userId: string, id: string): Promise<boolean> {
    return ((await this.contacts.delete({ id, userId })).affected ?? 0) > 0;
  }

  /** Account lifecycle (issue 22): imported contacts; a number the user has already is kept as it is. */
  async insertImported(manager: EntityManager, rows: Partial<ContactEntity>[]): Promise<number> {
    if (!rows.length) return 0;
    const result = await manager.getRepository(ContactEntity).createQueryBuilder().insert().values(rows).orIgnore().returning(['id']).execute();
    return (result.raw as unknown[]).length;
  }

  async eraseUser(manager: EntityManager, userId: string) {
    await manager.getRepository(ContactEntity).delete({ userId });
  }
}
