import { Injectable } from '@nestjs/common';
import { ProviderUnavailableError, RateLimitedError, ValidationError } from '@jarvis/contracts';
import { GoogleApiError, GoogleConnectionExpiredError, GoogleConnectionKit } from '@jarvis/platform';
import type { MailboxAuth } from '../mailbox/mailbox.provider';
import { emailNotFound, mailConnectionExpired, mailNotConnected } from './connection.errors';
import { ConnectionRepository } from './connection.repository';

const GMAIL = { name: 'Gmail', variables: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'] };

/**
 * The door to a user's mailbox: their stored connection opened into a signed-in client, and Google's failures turned
 * into what the user sees (expired connection with Reconnect, 'Email not found.', 503).
 */
@Injectable()
export class MailAccess {
  constructor(
    private readonly connections: ConnectionRepository,
    private readonly google: GoogleConnectionKit,
  ) {}

  /** Runs `fn` with the user's client. `perMessage`: a refused id (Gmail's 400 for a malformed one) is 'Email not found.'. */
  async run<T>(userId: string, fn: (auth: MailboxAuth, account: { email: string }) => Promise<T>, options: { perMessage?: boolean } = {}): Promise<T> {
    const row = await this.connections.findForUser(userId);
    if (!row) throw mailNotConnected();
    try {
      return await this.google.use(row.refreshTokenSealed, (auth) => fn(auth, { email: row.googleEmail }));
    } catch (error) {
      if (error instanceof GoogleConnectionExpiredError) throw mailConnectionExpired();
      if (error instanceof GoogleApiError) throw this.fromStatus(error, options.perMessage ?? false);
      throw error;
    }
  }

  private fromStatus(error: GoogleApiError, perMessage: boolean): Error {
    if (error.status === 404) return emailNotFound();
    if (error.status === 400 && perMessage) return emailNotFound();
    if (error.status === 400) return new ValidationError(`Gmail refused the request (${error.reason}).`);
    if (error.status === 403 && /insufficient|scope/i.test(error.reason)) return mailConnectionExpired();
    if (error.status === 429 || (error.status === 403 && /rateLimit/i.test(error.reason))) return new RateLimitedError('Gmail is busy. Please try again in a minute.', 60);
    return new ProviderUnavailableError(GMAIL.name, GMAIL.variables, `it answered ${error.status}`);
  }
}
