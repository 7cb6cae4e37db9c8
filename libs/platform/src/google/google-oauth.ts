import { ProviderUnavailableError } from '@jarvis/contracts';
import { OAuth2Client } from 'google-auth-library';
import { optionalSecret, providerBaseUrl } from '../config';
import { providerCall } from '../observability/provider-calls';
import { type ProviderInfo, providerUrl } from '../providers/http';
import { encryptionKeySetting } from './token-cipher';

/** Google's own addresses: the defaults of GOOGLE_OAUTH_BASE_URL and GOOGLE_API_BASE_URL. */
export const GOOGLE_OAUTH_DEFAULT = 'https://accounts.google.com';
export const GOOGLE_API_DEFAULT = 'https://www.googleapis.com';

/**
 * The variables a service that connects users' Google accounts reads, for its config schema:
 * `infraConfigSchema.extend({ ...googleConfigShape })`. The same names as the gateway's Google sign-in.
 */
export const googleConfigShape = {
  GOOGLE_CLIENT_ID: optionalSecret,
  GOOGLE_CLIENT_SECRET: optionalSecret,
  /** Google's OAuth server (consent screen, token, revoke), or a compatible one (a test fake). */
  GOOGLE_OAUTH_BASE_URL: providerBaseUrl(GOOGLE_OAUTH_DEFAULT),
  /** Root of Google's APIs (Gmail, Calendar, user info), or a compatible server. */
  GOOGLE_API_BASE_URL: providerBaseUrl(GOOGLE_API_DEFAULT),
  ENCRYPTION_KEY: encryptionKeySetting,
};

export interface GoogleConfig {
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GOOGLE_OAUTH_BASE_URL: string;
  GOOGLE_API_BASE_URL: string;
  PUBLIC_URL: string;
}

export const GOOGLE_PROVIDER: ProviderInfo = { name: 'Google', variables: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'] };

export interface GoogleEndpoints {
  authUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  userInfoUrl: string;
}

/**
 * Where the OAuth calls go. On Google itself the consent screen is on accounts.google.com and the token and revoke
 * endpoints on oauth2.googleapis.com; a compatible server serves them all under GOOGLE_OAUTH_BASE_URL
 * (`/o/oauth2/v2/auth`, `/token`, `/revoke`), as the gateway's sign-in expects. User info is under GOOGLE_API_BASE_URL.
 */
export function googleEndpoints(config: Pick<GoogleConfig, 'GOOGLE_OAUTH_BASE_URL' | 'GOOGLE_API_BASE_URL'>): GoogleEndpoints {
  const oauth = config.GOOGLE_OAUTH_BASE_URL.replace(/\/+$/, '');
  const onGoogle = oauth === GOOGLE_OAUTH_DEFAULT;
  return {
    authUrl: `${oauth}/o/oauth2/v2/auth`,
    tokenUrl: onGoogle ? 'https://oauth2.googleapis.com/token' : `${oauth}/token`,
    revokeUrl: onGoogle ? 'https://oauth2.googleapis.com/revoke' : `${oauth}/revoke`,
    userInfoUrl: providerUrl(config.GOOGLE_API_BASE_URL, '/oauth2/v3/userinfo'),
  };
}

/**
 * `rootUrl` for a `@googleapis/*` client: unset on Google itself (each API keeps its own host, gmail.googleapis.com
 * for Gmail), GOOGLE_API_BASE_URL with a trailing slash otherwise.
 */
export function googleApiRootUrl(config: Pick<GoogleConfig, 'GOOGLE_API_BASE_URL'>): string | undefined {
  const base = config.GOOGLE_API_BASE_URL.replace(/\/+$/, '');
  return base === GOOGLE_API_DEFAULT ? undefined : `${base}/`;
}

/** What an authorization code was exchanged for. The refresh token is the secret to seal before storing. */
export interface GoogleGrant {
  refreshToken: string;
  accessToken: string;
  expiryDate: number | null;
  scopes: string[];
}

/** The grant was revoked or expired at Google (invalid_grant), or Google refuses its tokens: connect again. */
export class GoogleConnectionExpiredError extends Error {
  constructor(detail = 'invalid_grant') {
    super(`The Google connection expired: ${detail}`);
    this.name = 'GoogleConnectionExpiredError';
  }
}

/** Google answered an API call with an error status (404 for an unknown message, 403 for a missing scope...). */
export class GoogleApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {
    super(`Google answered ${status}: ${reason}`);
    this.name = 'GoogleApiError';
  }
}

/** How long one call to Google may take. */
const GOOGLE_TIMEOUT_MS = 15_000;
/** Clients kept per process; each holds one connection's access token until it expires. */
const CLIENT_CACHE_SIZE = 500;

/**
 * The OAuth side of connecting a user's Google account, on google-auth-library's OAuth2Client: the consent URL,
 * the code exchange, clients that refresh their access token when it expires (or when Google refuses it), revoke.
 * Unconfigured (no GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET), every call is the 503 that names them.
 */
export class GoogleOAuth {
  readonly endpoints: GoogleEndpoints;
  private readonly clients = new Map<string, OAuth2Client>();

  /** `redirectPath` is the callback's path under PUBLIC_URL (`/api/email/auth/callback`). */
  constructor(
    private readonly config: GoogleConfig,
    private readonly redirectPath: string,
  ) {
    this.endpoints = googleEndpoints(config);
  }

  get configured(): boolean {
    return Boolean(this.config.GOOGLE_CLIENT_ID && this.config.GOOGLE_CLIENT_SECRET);
  }

  get redirectUri(): string {
    return providerUrl(this.config.PUBLIC_URL, this.redirectPath);
  }

  /** Throws the 503 naming GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET unless both are set. */
  requireConfigured(): void {
    if (!this.configured) throw new ProviderUnavailableError(GOOGLE_PROVIDER.name, GOOGLE_PROVIDER.variables);
  }

  /** A fresh OAuth2Client on the configured endpoints (no credentials). */
  newClient(): OAuth2Client {
    this.requireConfigured();
    return new OAuth2Client({
      clientId: this.config.GOOGLE_CLIENT_ID,
      clientSecret: this.config.GOOGLE_CLIENT_SECRET,
      redirectUri: this.redirectUri,
      endpoints: { oauth2AuthBaseUrl: this.endpoints.authUrl, oauth2TokenUrl: this.endpoints.tokenUrl, oauth2RevokeUrl: this.endpoints.revokeUrl },
      // A token Google refuses before its expiry (revoked access token, clock skew) is refreshed once and retried.
      forceRefreshOnFailure: true,
      transporterOptions: { timeout: GOOGLE_TIMEOUT_MS },
    });
  }

  /** The consent screen: offline access (a refresh token), consent asked again so Google sends one each time. */
  authorizationUrl(scopes: string[], state: string): string {
    return this.newClient().generateAuthUrl({ access_type: 'offline', prompt: 'consent', scope: scopes, state });
  }

  /** Exchanges the callback's code. No refresh token in the answer is refused (offline access was not granted). */
  async exchangeCode(code: string): Promise<GoogleGrant> {
    const client = this.newClient();
    try {
      const { tokens } = await providerCall('google', 'oauth.token', () => client.getToken(code));
      if (!tokens.refresh_token || !tokens.access_token) throw new GoogleApiError(400, 'Google granted no offline access');
      return {
        refreshToken: tokens.refresh_token,
        accessToken: tokens.access_token,
        expiryDate: tokens.expiry_date ?? null,
        scopes: (tokens.scope ?? '').split(' ').filter(Boolean),
      };
    } catch (error) {
      throw toGoogleError(error);
    }
  }

  /**
   * The client of one connection: it holds the refresh token and refreshes the access token when it expires.
   * Kept per process under `cacheKey` (the sealed token: it changes whenever the user connects again), so the access
   * token is reused between calls; it lives only in memory, never in Redis or a row. `seed` is an access token
   * already in hand (right after the code exchange).
   */
  clientFor(cacheKey: string, refreshToken: string, seed?: Pick<GoogleGrant, 'accessToken' | 'expiryDate'>): OAuth2Client {
    const cached = this.clients.get(cacheKey);
    if (cached) {
      this.clients.delete(cacheKey);
      this.clients.set(cacheKey, cached);
      return cached;
    }
    const client = this.newClient();
    client.setCredentials({
      refresh_token: refreshToken,
      ...(seed ? { access_token: seed.accessToken, expiry_date: seed.expiryDate ?? undefined } : {}),
    });
    this.clients.set(cacheKey, client);
    if (this.clients.size > CLIENT_CACHE_SIZE) this.clients.delete(this.clients.keys().next().value as string);
    return client;
  }

  /** Drops a connection's client (disconnect, expired grant). */
  forget(cacheKey: string): void {
    this.clients.delete(cacheKey);
  }

  /** The account's e-mail address from the user-info endpoint (needs the `email` scope). */
  async userEmail(client: OAuth2Client): Promise<string | null> {
    try {
      const res = await providerCall('google', 'oauth.userinfo', () => client.request<{ email?: string }>({ url: this.endpoints.userInfoUrl, timeout: GOOGLE_TIMEOUT_MS }));
      return res.data.email?.toLowerCase() ?? null;
    } catch (error) {
      throw toGoogleError(error);
    }
  }

  /** Revokes the grant at Google. A token Google no longer knows counts as revoked; an unreachable Google throws. */
  async revoke(refreshToken: string): Promise<void> {
    try {
      await providerCall('google', 'oauth.revoke', () => this.newClient().revokeToken(refreshToken));
    } catch (error) {
      const failure = toGoogleError(error);
      if (failure instanceof GoogleApiError && failure.status === 400) return;
      if (failure instanceof GoogleConnectionExpiredError) return;
      throw failure;
    }
  }
}

interface GaxiosLike {
  response?: { status?: number; data?: unknown };
  code?: string | number;
  message?: string;
}

function reasonOf(data: unknown): string {
  if (!data || typeof data !== 'object') return typeof data === 'string' ? data : '';
  const body = data as { error?: unknown; error_description?: string };
  if (typeof body.error === 'string') return body.error;
  if (body.error && typeof body.error === 'object') {
    const e = body.error as { message?: string; status?: string; errors?: { reason?: string }[] };
    return e.errors?.[0]?.reason ?? e.status ?? e.message ?? '';
  }
  return '';
}

/**
 * One error for whatever a Google call threw: GoogleConnectionExpiredError for invalid_grant (revoked or expired
 * grant) and for 401 (tokens refused even after a refresh), GoogleApiError for another status, ProviderUnavailableError
 * when Google could not be reached. The message never carries a token: only the status and Google's error reason.
 */
export function toGoogleError(error: unknown): Error {
  if (error instanceof GoogleConnectionExpiredError || error instanceof GoogleApiError || error instanceof ProviderUnavailableError) return error;
  const e = error as GaxiosLike;
  const status = e?.response?.status;
  if (status === undefined) {
    if (e?.message === 'No refresh token is set.') return new GoogleConnectionExpiredError('no refresh token');
    return new ProviderUnavailableError(GOOGLE_PROVIDER.name, GOOGLE_PROVIDER.variables, 'it could not be reached');
  }
  const reason = reasonOf(e.response?.data);
  if (reason === 'invalid_grant' || status === 401) return new GoogleConnectionExpiredError(reason || 'unauthorized');
  return new GoogleApiError(status, reason || `status ${status}`);
}
