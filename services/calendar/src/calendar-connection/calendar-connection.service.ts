import { Inject, Injectable } from '@nestjs/common';
import { CONNECTION_EXPIRED_CODES, DomainError, ProviderUnavailableError, type UserContext } from '@jarvis/contracts';
import {
  createLogger,
  GOOGLE_PROVIDER,
  GoogleApiError,
  googleApiRootUrl,
  GoogleConnectionExpiredError,
  GoogleOAuth,
  OAuthStateError,
  OAuthStateStore,
  TokenCipher,
  TokenCipherError,
  toGoogleError,
} from '@jarvis/platform';
import type { OAuth2Client } from 'google-auth-library';
import { CALENDAR_CONFIG, type CalendarConfig } from '../config/calendar.config';
import { CalendarRedis } from '../redis/calendar-redis';
import { CalendarConnectionExpired, ConnectLinkRefused } from './calendar-connection.errors';
import { CalendarConnectionRepository } from './calendar-connection.repository';
import { callbackPage } from './callback-page';

/** Only what the calendar features need: events (read the calendar, add bookings), free/busy, and the address. */
export const CALENDAR_SCOPES = [
  'https://www.googleapis.com/auth/calendar.events',
  'https://www.googleapis.com/auth/calendar.freebusy',
  'email',
];
export const CALENDAR_CALLBACK_PATH = '/api/calendar/oauth/callback';

const log = createLogger('calendar-connection');

/** A connected user's authorized client: it refreshes its access token when it expires. */
export interface CalendarAccess {
  client: OAuth2Client;
  email: string | null;
}

/**
 * A user's Google Calendar connection: the consent redirect with a single-use state bound to the user, the callback
 * that stores the refresh token sealed under ENCRYPTION_KEY, status, disconnect (revoke, then delete), and an
 * authorized client for the features that read or write the calendar. A grant Google refuses is
 * CALENDAR_CONNECTION_EXPIRED (401).
 */
@Injectable()
export class CalendarConnectionService {
  private readonly oauth: GoogleOAuth;
  private readonly states: OAuthStateStore<Record<string, never>>;

  constructor(
    private readonly connections: CalendarConnectionRepository,
    redis: CalendarRedis,
    @Inject(CALENDAR_CONFIG) private readonly config: CalendarConfig,
  ) {
    this.oauth = new GoogleOAuth(config, CALENDAR_CALLBACK_PATH);
    this.states = OAuthStateStore.for(redis.client, redis.prefix, 'calendar');
  }

  /** The consent URL for the popup. Without ENCRYPTION_KEY or Google's client the 503 names what to set. */
  async start(ctx: UserContext): Promise<{ location: string }> {
    TokenCipher.require(this.config.ENCRYPTION_KEY);
    this.oauth.requireConfigured();
    const state = await this.states.create(ctx.userId, {});
    return { location: this.oauth.authorizationUrl(CALENDAR_SCOPES, state) };
  }

  async callback(ctx: UserContext, query: { code?: string; state?: string; error?: string }) {
    try {
      await this.states.consume(query.state, ctx.userId);
    } catch (error) {
      if (error instanceof OAuthStateError) {
        log.warn({ userId: ctx.userId, reason: error.reason }, 'calendar callback state refused');
        throw ConnectLinkRefused();
      }
      throw error;
    }
    if (query.error || !query.code) {
      return callbackPage(false, query.error === 'access_denied' ? 'Access was not granted. You can close this window.' : 'Google did not connect the calendar. Please try again.');
    }
    const cipher = TokenCipher.require(this.config.ENCRYPTION_KEY);
    const grant = await this.oauth.exchangeCode(query.code).catch((error: unknown) => {
      throw this.mapGoogleError(error);
    });
    const sealed = cipher.seal(grant.refreshToken);
    const client = this.oauth.clientFor(sealed, grant.refreshToken, grant);
    const email = await this.oauth.userEmail(client).catch((error: unknown) => {
      log.warn({ err: toGoogleError(error), userId: ctx.userId }, 'calendar account address unavailable');
      return null;
    });
    const previous = await this.connections.find(ctx.userId);
    await this.connections.save({ userId: ctx.userId, googleEmail: email, refreshTokenSealed: sealed, scopes: grant.scopes.join(' ') });
    if (previous) this.oauth.forget(previous.refreshTokenSealed);
    log.info({ userId: ctx.userId }, 'google calendar connected');
    return callbackPage(true, email ? `Connected as ${email}. You can close this window.` : 'You can close this window.');
  }

  async status(userId: string): Promise<{ connected: boolean; email: string | null }> {
    const connection = await this.connections.find(userId);
    return { connected: Boolean(connection), email: connection?.googleEmail ?? null };
  }

  /** Revokes the grant at Google (best effort: the tokens are deleted here whatever Google answers). */
  async disconnect(userId: string): Promise<{ success: true }> {
    const connection = await this.connections.find(userId);
    if (!connection) return { success: true };
    try {
      const refreshToken = TokenCipher.require(this.config.ENCRYPTION_KEY).open(connection.refreshTokenSealed);
      if (this.oauth.configured) await this.oauth.revoke(refreshToken);
    } catch (error) {
      log.warn({ err: error instanceof Error ? error.message : error, userId }, 'calendar grant not revoked at Google; tokens deleted anyway');
    }
    this.oauth.forget(connection.refreshTokenSealed);
    await this.connections.delete(userId);
    log.info({ userId }, 'google calendar disconnected');
    return { success: true };
  }

  /** The user's authorized client, or null when no calendar is connected. */
  async access(userId: string): Promise<CalendarAccess | null> {
    const connection = await this.connections.find(userId);
    if (!connection) return null;
    let refreshToken: string;
    try {
      refreshToken = TokenCipher.require(this.config.ENCRYPTION_KEY).open(connection.refreshTokenSealed);
    } catch (error) {
      if (error instanceof TokenCipherError) throw CalendarConnectionExpired();
      throw error;
    }
    return { client: this.oauth.clientFor(connection.refreshTokenSealed, refreshToken), email: connection.googleEmail };
  }

  /**
   * Runs a Google call for a connected user, or answers null when none is connected. Google's errors become domain
   * errors: an expired grant is CALENDAR_CONNECTION_EXPIRED (and its cached client is dropped).
   */
  async withCalendar<T>(userId: string, call: (access: CalendarAccess) => Promise<T>): Promise<T | null> {
    const access = await this.access(userId);
    if (!access) return null;
    try {
      return await call(access);
    } catch (error) {
      const mapped = this.mapGoogleError(error);
      if (mapped.code === CONNECTION_EXPIRED_CODES.calendar) {
        const connection = await this.connections.find(userId);
        if (connection) this.oauth.forget(connection.refreshTokenSealed);
      }
      throw mapped;
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
}
