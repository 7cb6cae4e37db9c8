import { randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { BookingLinkReply } from '@jarvis/contracts';
import { CALENDAR_CONFIG, type CalendarConfig } from '../config/calendar.config';
import { BookingLinksRepository } from './booking-links.repository';

/** No 0/o, 1/l/i: a code read aloud or retyped from a text message stays unambiguous. */
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const CODE_LENGTH = 10;
/** A new code collides with one of 31^10 almost never; a few tries cover it. */
const MAX_ATTEMPTS = 5;

export function newBookingCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** A user's public booking link: created on first use, the same code ever after, its URL under PUBLIC_URL. */
@Injectable()
export class BookingLinksService {
  private readonly publicUrl: string;

  constructor(
    private readonly links: BookingLinksRepository,
    @Inject(CALENDAR_CONFIG) config: CalendarConfig,
  ) {
    this.publicUrl = config.PUBLIC_URL.replace(/\/+$/, '');
  }

  async ensure(userId: string): Promise<BookingLinkReply> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const link = await this.links.findForUser(userId);
      if (link) return { code: link.code, url: `${this.publicUrl}/book/${link.code}` };
      await this.links.insertIfAbsent(userId, newBookingCode());
    }
    throw new Error(`No booking code could be allocated after ${MAX_ATTEMPTS} attempts`);
  }
}
