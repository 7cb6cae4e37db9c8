import { Injectable } from '@nestjs/common';
import { type BookingLinkReply, DomainError, ErrorKind, internalApi, type RequestContext, ValidationError } from '@jarvis/contracts';
import { RpcClient } from '@jarvis/platform';

const PLACEHOLDER = /\[(?:booking link|link)\]|\{bookingLink\}/i;

@Injectable()
export class DraftsService {
  constructor(private readonly rpc: RpcClient) {}

  /**
   * The drafted text, with the caller's booking link when asked. The link comes from calendar; when calendar
   * cannot give one, the request fails with a clear 503 instead of sending a text with an invented link.
   */
  async message(ctx: RequestContext, input: { message: string; context?: string; includeBookingLink?: boolean }) {
    const message = input.message.trim();
    if (!message) throw new ValidationError('Please provide the message to draft.', { message: ['required'] });
    if (!input.includeBookingLink) return { message };
    let link: BookingLinkReply;
    try {
      link = await this.rpc.call(internalApi.calendar.ensureBookingLink, {}, ctx);
    } catch (error) {
      if (error instanceof DomainError && error.kind !== ErrorKind.ServiceUnavailable && error.kind !== ErrorKind.DeadlineExceeded) throw error;
      throw new DomainError(
        ErrorKind.ServiceUnavailable,
        'Could not add your booking link: the calendar service is not available right now. You can send the message without the link.',
        { code: 'BOOKING_LINK_UNAVAILABLE', details: { service: 'calendar' } },
      );
    }
    return { message: PLACEHOLDER.test(message) ? message.replace(PLACEHOLDER, link.url) : `${message}\n\nBook a time with me: ${link.url}` };
  }
}
