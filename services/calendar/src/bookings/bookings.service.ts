import { Injectable } from '@nestjs/common';
import type { api, RequestOf } from '@jarvis/contracts';
import { createLogger, EventBus } from '@jarvis/platform';
import { type BookingLink, BookingLinksService } from '../booking-links/booking-links.service';
import { BOOKING_DAYS, type BookingSlot, candidateSlots, freeSlots, type Interval, toBookingSlot } from './booking-slots';
import { BookingLinkNotFound, SlotNotOffered, SlotTaken } from './bookings.errors';
import { BookingsRepository } from './bookings.repository';
import { OwnerCalendar } from './owner-calendar.provider';
import type { EntityManager } from 'typeorm';
import type { BookingEntity } from './entities/booking.entity';

type ConfirmBooking = RequestOf<typeof api.calendar.confirmBooking>;

const log = createLogger('bookings');

export interface BookingPage {
  title: string;
  duration_minutes: number;
  available_slots: BookingSlot[];
}

/**
 * The public booking page of a link: the slots still free (booking hours minus confirmed bookings and, when the
 * owner's calendar is connected, its busy times), and a visitor's confirmation of one of them.
 */
@Injectable()
export class BookingsService {
  constructor(
    private readonly links: BookingLinksService,
    private readonly bookings: BookingsRepository,
    private readonly calendar: OwnerCalendar,
    private readonly events: EventBus,
  ) {}

  async page(code: string, now = new Date()): Promise<BookingPage> {
    const link = await this.linkByCode(code);
    const slots = await this.offered(link, now);
    return { title: link.title, duration_minutes: link.durationMinutes, available_slots: slots.map(toBookingSlot) };
  }

  async confirm(data: ConfirmBooking, now = new Date()): Promise<{ success: true; bookingId: string; start: string }> {
    const link = await this.linkByCode(data.code);
    const start = new Date(data.selectedSlot);
    if (Number.isNaN(start.getTime())) throw SlotNotOffered();
    const slot = candidateSlots(now, link.durationMinutes).find((s) => s.start.getTime() === start.getTime());
    if (!slot) throw SlotNotOffered();
    // Busy times come from Google, outside the transaction: a slow calendar never holds the link's lock.
    const busy = await this.ownerBusy(link, [slot]);
    if (freeSlots([slot], busy).length === 0) throw SlotTaken();

    const booking = await this.bookings.confirm(
      link.id,
      { userId: link.userId, startAt: slot.start, endAt: slot.end, bookerName: data.bookerName, bookerEmail: data.bookerEmail || null },
      async (manager) => {
        const taken = await this.bookings.takenOnLink(link.id, slot.start, slot.end, manager);
        if (taken.length) throw SlotTaken();
      },
    );
    if (!booking) throw SlotTaken();

    await this.events.publish(
      'evt.calendar.booking.confirmed',
      { bookingId: booking.id, userId: link.userId, start: booking.startAt.toISOString(), bookerName: booking.bookerName },
      `booking-confirmed:${booking.id}`,
    );
    await this.addToOwnerCalendar(link, booking.id, slot, data);
    return { success: true, bookingId: booking.id, start: booking.startAt.toISOString() };
  }

  private async linkByCode(code: string): Promise<BookingLink> {
    const link = await this.links.byCode(code);
    if (!link) throw BookingLinkNotFound();
    return link;
  }

  private async offered(link: BookingLink, now: Date): Promise<Interval[]> {
    const candidates = candidateSlots(now, link.durationMinutes);
    if (!candidates.length) return [];
    const from = candidates[0].start;
    const to = new Date(now.getTime() + (BOOKING_DAYS + 1) * 86_400_000);
    const [booked, busy] = await Promise.all([this.bookings.takenOnLink(link.id, from, to), this.ownerBusy(link, candidates)]);
    return freeSlots(candidates, [...booked, ...busy]);
  }

  /**
   * The owner's busy times over the slots. A visitor never sees the owner's calendar trouble (an expired grant, Google
   * down): the page then offers the slots without them, and the failure is logged.
   */
  private async ownerBusy(link: BookingLink, slots: Interval[]): Promise<Interval[]> {
    try {
      return await this.calendar.busy(link.userId, slots[0].start, slots[slots.length - 1].end);
    } catch (error) {
      log.warn({ err: error, userId: link.userId }, "the owner's busy times are unavailable; slots are offered without them");
      return [];
    }
  }

  /** The booking stands whatever Google answers: a failure to add the event is logged, not shown to the visitor. */
  private async addToOwnerCalendar(link: BookingLink, bookingId: string, slot: Interval, data: ConfirmBooking) {
    try {
      const eventId = await this.calendar.addMeeting(link.userId, {
        bookingId,
        title: `${link.title}: ${data.bookerName}`,
        start: slot.start,
        end: slot.end,
        bookerName: data.bookerName,
        bookerEmail: data.bookerEmail || null,
      });
      if (eventId) await this.bookings.setGoogleEventId(link.userId, bookingId, eventId);
    } catch (error) {
      log.warn({ err: error, bookingId }, 'the booking could not be added to the owner calendar');
    }
  }

  /** Account lifecycle (issue 22): the bookings of the user's links. */
  accountRows(userId: string): Promise<BookingEntity[]> {
    return this.bookings.ofUser(userId);
  }

  importAccountRows(manager: EntityManager, rows: Partial<BookingEntity>[]) {
    return this.bookings.insertMany(manager, rows);
  }

  eraseAccountRows(manager: EntityManager, userId: string) {
    return this.bookings.eraseUser(manager, userId);
  }
}
