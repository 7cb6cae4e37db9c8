import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { ContactEntity } from './entities/contact.entity';

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
}
