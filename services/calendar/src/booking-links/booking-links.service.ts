import { randomInt, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { internalApi, type BookingLinkReply, type UserContext } from '@jarvis/contracts';
import { createLogger, RpcClient } from '@jarvis/platform';
import { CALENDAR_CONFIG, type CalendarConfig } from '../config/calendar.config';
import { BookingLinksRepository } from './booking-links.repository';
import type { BookingLinkEntity } from './entities/booking-link.entity';
import type { EntityManager } from 'typeorm';

/** A booking link as the booking page reads it. */
export type BookingLink = Pick<BookingLinkEntity, 'id' | 'userId' | 'code' | 'title' | 'durationMinutes'>;

/** No 0/o, 1/l/i: a code read aloud or retyped from a text message stays unambiguous. */
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const CODE_LENGTH = 10;
/** A new code collides with one of 31^10 almost never; a few tries cover it. */
const MAX_ATTEMPTS = 5;
/** The booking page's title when the owner's first name cannot be read. */
export const DEFAULT_BOOKING_TITLE = 'Meeting';

const log = createLogger('booking-links');

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
    private readonly rpc: RpcClient,
    @Inject(CALENDAR_CONFIG) config: CalendarConfig,
  ) {
    this.publicUrl = config.PUBLIC_URL.replace(/\/+$/, '');
  }

  async ensure(ctx: UserContext): Promise<BookingLinkReply> {
    let title: string | undefined;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const link = await this.links.findForUser(ctx.userId);
      if (link) return { code: link.code, url: `${this.publicUrl}/book/${link.code}` };
      title ??= await this.titleFor(ctx);
      await this.links.insertIfAbsent(ctx.userId, newBookingCode(), title);
    }
    throw new Error(`No booking code could be allocated after ${MAX_ATTEMPTS} attempts`);
  }

  /** A link by its public code (as typed, any case), whoever owns it: the booking page's visitors have no user. */
  byCode(code: string): Promise<BookingLink | null> {
    return this.links.findByCode(code.toLowerCase());
  }

  /** 'Meeting with <first name>' from the user's profile; 'Meeting' when the profile has none or cannot be read. */
  private async titleFor(ctx: UserContext): Promise<string> {
    try {
      const profile = await this.rpc.call(internalApi.identity.userProfile, { userId: ctx.userId }, ctx);
      const firstName = profile.firstName?.trim();
      return firstName ? `Meeting with ${firstName}`.slice(0, 200) : DEFAULT_BOOKING_TITLE;
    } catch (error) {
      log.warn({ err: error, userId: ctx.userId }, 'user profile unavailable; the booking link keeps the plain title');
      return DEFAULT_BOOKING_TITLE;
    }
  }

  /** Account lifecycle (issue 22): the user's link (one at most). */
  async accountRows(userId: string): Promise<BookingLinkEntity[]> {
    const link = await this.links.findForUser(userId);
    return link ? [link] : [];
  }

  /**
   * The link an imported archive's bookings go to: the user's own when they have one (its code given out stays),
   * else a new one with a new code and the archive's title and length (a code is this installation's to give).
   */
  async linkForImport(manager: EntityManager, userId: string, from: { title: string; durationMinutes: number; createdAt: Date }): Promise<string> {
    const own = await this.links.findForUserIn(manager, userId);
    if (own) return own.id;
    const id = randomUUID();
    await this.links.insertImported(manager, { id, userId, code: newBookingCode(), title: from.title, durationMinutes: from.durationMinutes, createdAt: from.createdAt });
    return id;
  }

  eraseAccountRows(manager: EntityManager, userId: string) {
    return this.links.eraseUser(manager, userId);
  }
}
