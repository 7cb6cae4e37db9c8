import { Injectable } from '@nestjs/common';
import { ConflictError, type Contact, NotFoundError, ValidationError } from '@jarvis/contracts';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { QueryFailedError } from 'typeorm';
import { ContactsRepository } from './contacts.repository';
import type { ContactEntity } from './entities/contact.entity';
import type { EntityManager } from 'typeorm';

export interface ContactInput {
  name: string;
  phone_number: string;
  email: string | null;
  notes: string | null;
}

const UNPARSEABLE = 'Phone number must include the country code, e.g. +1234567890';

/** A number in E.164, or a 400 saying how to write it. */
export function toE164(phoneNumber: string): string {
  const parsed = parsePhoneNumberFromString(phoneNumber);
  if (!parsed?.isPossible()) throw new ValidationError(UNPARSEABLE, { phone_number: [UNPARSEABLE] });
  return parsed.number;
}

@Injectable()
export class ContactsService {
  constructor(private readonly contacts: ContactsRepository) {}

  async list(userId: string): Promise<Contact[]> {
    return (await this.contacts.list(userId)).map(toContact);
  }

  async create(userId: string, input: ContactInput) {
    return toContact(await this.saveUnique({ userId, ...fields(input) }));
  }

  async update(userId: string, id: string, input: ContactInput) {
    const existing = await this.contacts.findOne(userId, id);
    if (!existing) throw new NotFoundError('Contact');
    return toContact(await this.saveUnique({ ...existing, ...fields(input) }));
  }

  async delete(userId: string, id: string) {
    if (!(await this.contacts.delete(userId, id))) throw new NotFoundError('Contact');
    return { success: true as const };
  }

  /** The user's contact with this number, to name a caller. */
  findByNumber(userId: string, phoneNumber: string) {
    return this.contacts.findByNumber(userId, phoneNumber);
  }

  private async saveUnique(contact: Partial<ContactEntity>) {
    try {
      return await this.contacts.save(contact);
    } catch (error) {
      if (error instanceof QueryFailedError && (error as { code?: string }).code === '23505') {
        throw new ConflictError('A contact with this phone number already exists');
      }
      throw error;
    }
  }

  /** Account lifecycle (issue 22): the user's contacts. */
  accountRows(userId: string): Promise<ContactEntity[]> {
    return this.contacts.list(userId);
  }

  importAccountRows(manager: EntityManager, rows: Partial<ContactEntity>[]) {
    return this.contacts.insertImported(manager, rows);
  }

  eraseAccountRows(manager: EntityManager, userId: string) {
    return this.contacts.eraseUser(manager, userId);
  }
}

function fields(input: ContactInput) {
  return { name: input.name, phoneNumber: toE164(input.phone_number), email: input.email, notes: input.notes };
}

function toContact(c: ContactEntity): Contact {
  return { id: c.id, name: c.name, phone_number: c.phoneNumber, email: c.email, notes: c.notes };
}
