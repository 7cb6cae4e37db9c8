import { Inject, Injectable } from '@nestjs/common';
import { api, DomainError, ProviderUnavailableError, type UserContext } from '@jarvis/contracts';
import {
  createLogger,
  GOOGLE_PROVIDER,
  GoogleApiError,
  googleApiRootUrl,
  GoogleConnectionExpiredError,
  GoogleConnectionKit,
  OAuthStateError,
  OAuthStateStore,
  type RedisConnection,
  toGoogleError,
} from '@jarvis/platform';
import type { OAuth2Client } from 'google-auth-library';
import { CALENDAR_CONFIG, type CalendarConfig } from '../config/calendar.config';
import { CalendarConnectionExpired, ConnectLinkRefused } from './calendar-connection.errors';
import { CalendarConnectionRepository } from './calendar-connection.repository';
import { callbackPage } from './callback-page';

/** Only what the calendar features need: events (read the calendar, add bookings), free/busy, and the address. */
export const CALENDAR_SCOPES = [
  'https://www.googleapis.com/auth/calendar.events',
  'https://www.googleapis.com/auth/calendar.freebusy',
  'email',
];

const log = createLogger('calendar-connection');

/** A connected user's authorized client: it refreshes its access token when it expires. */
export interface CalendarAccess {
  client: OAuth2Client;
  email: string | null;
}

/** The calendar's Google connection kit: the popup's flow carries nothing, the callback is the calendar's own. */
export function calendarGoogleKit(config: CalendarConfig, redis: RedisConnection): GoogleConnectionKit {
  return new GoogleConnectionKit(config, {
    name: 'Google Calendar',
    callbackPath: api.calendar.oauthCallback.path,
    scopes: CALENDAR_SCOPES,
    states: OAuthStateStore.for(redis, 'calendar'),
  });
}

/**
 * A user's Google Calendar connection: the consent redirect with a single-use state bound to the user, the callback
 * that stores the refresh token sealed under ENCRYPTION_KEY, status, disconnect (revoke, then delete), and an
 * authorized client for the features that read or write the calendar. A grant Google refuses is
 * CALENDAR_CONNECTION_EXPIRED (401).
 */
@Injectable()
export class CalendarConnectionService {
  constructor(
    private readonly connections: CalendarConnectionRepository,
    private readonly google: GoogleConnectionKit,
    @Inject(CALENDAR_CONFIG) private readonly config: CalendarConfig,
  ) {}

  /** The consent URL for the popup. Without ENCRYPTION_KEY or Google's client the 503 names what to set. */
  async start(ctx: UserContext): Promise<{ location: string }> {
    return { location: await this.google.consentUrl(ctx.userId, {}) };
  }

  async callback(ctx: UserContext, query: { code?: string; state?: string; error?: string }) {
    try {
      await this.google.returnedFlow(query.state, ctx.userId);
    } catch (error) {
      throw error instanceof OAuthStateError ? ConnectLinkRefused() : error;
    }
    if (query.error || !query.code) {
      return callbackPage(false, query.error === 'access_denied' ? 'Access was not granted. You can close this window.' : 'Google did not connect the calendar. Please try again.');
    }
    const connection = await this.google.exchange(query.code).catch((error: unknown) => {
      throw this.mapGoogleError(error);
    });
    const email = await this.google.oauth.userEmail(connection.client).catch((error: unknown) => {
      log.warn({ err: toGoogleError(error), userId: ctx.userId }, 'calendar account address unavailable');
      return null;
    });
    const previous = await this.connections.find(ctx.userId);
    await this.connections.save({ userId: ctx.userId, googleEmail: email, refreshTokenSealed: connection.refreshTokenSealed, scopes: connection.scopes.join(' ') });
    if (previous) this.google.forget(previous.refreshTokenSealed);
    log.info({ userId: ctx.userId }, 'google calendar connected');
    return callbackPage(true, email ? `Connected as ${email}. You can close this window.` : 'You can close this window.');
  }

  async status(userId: string): Promise<{ connected: boolean; email: string | null }> {
    const connection = await this.connections.find(userId);
    return { connected: Boolean(connection), email: connection?.googleEmail ?? null };
  }

  /** Revokes the grant at Google, then deletes the tokens here: also when Google cannot revoke it (that is logged). */
  async disconnect(userId: string): Promise<{ success: true }> {
    await this.google.disconnect(userId, await this.connections.find(userId), () => this.connections.delete(userId));
    return { success: true };
  }

  /**
   * Runs a Google call for a connected user, or answers null when none is connected. Google's errors become domain
   * errors: an expired grant, or a stored token that cannot be opened, is CALENDAR_CONNECTION_EXPIRED.
   */
  async withCalendar<T>(userId: string, call: (access: CalendarAccess) => Promise<T>): Promise<T | null> {
    const connection = await this.connections.find(userId);
    if (!connection) return null;
    try {
      return await this.google.use(connection.refreshTokenSealed, (client) => call({ client, email: connection.googleEmail }));
    } catch (error) {
      throw this.mapGoogleError(error);
    }
  }

  /** `rootUrl` for the @googleapis/calendar client: GOOGLE_API_BASE_URL unless it is Google's own. */
  get rootUrl(): string | undefined {
    return googleApiRootUrl(this.config);
  }

  /**
   * Google's failures as domain errors: a refused grant, or one without the calendar scopes (403), is
   * CALENDAR_CONNECTION_EXPIRED, which connecting again fixes; anything else Google answers is a 503.
   */
  private mapGoogleError(error: unknown): DomainError {
    if (error instanceof DomainError) return error;
    const failure = toGoogleError(error);
    if (failure instanceof DomainError) return failure;
    if (failure instanceof GoogleConnectionExpiredError) return CalendarConnectionExpired();
    if (failure instanceof GoogleApiError && failure.status === 403) return CalendarConnectionExpired();
    const status = failure instanceof GoogleApiError ? `it answered ${failure.status} (${failure.reason})` : 'it could not be reached';
    return new ProviderUnavailableError('Google Calendar', GOOGLE_PROVIDER.variables, status);
  }

  /** Account lifecycle (issue 22): the connected Google account without its token (none leaves the service). */
  async accountConnection(userId: string): Promise<{ googleEmail: string | null; scopes: string[]; connectedAt: Date } | null> {
    const row = await this.connections.find(userId);
    return row ? { googleEmail: row.googleEmail, scopes: row.scopes.split(' ').filter(Boolean), connectedAt: row.createdAt } : null;
  }
}
