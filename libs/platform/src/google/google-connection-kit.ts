import type { OAuth2Client } from 'google-auth-library';
import type { Logger } from 'pino';
import { createLogger } from '../logger';
import { type GoogleConfig, GoogleConnectionExpiredError, GoogleOAuth, toGoogleError } from './google-oauth';
import { OAuthStateError, type OAuthStateStore } from './oauth-state';
import { TokenCipher, TokenCipherError } from './token-cipher';

export interface GoogleConnectionKitOptions<S> {
  /** The connection as logs name it: 'Gmail', 'Google Calendar'. */
  name: string;
  /** The OAuth callback's path under PUBLIC_URL: the callback endpoint's own `path`. */
  callbackPath: string;
  /** What the consent screen asks for. */
  scopes: string[];
  /** Scopes the user must grant, every one: a grant without one is revoked and refused. Unset: none is checked. */
  requiredScopes?: string[];
  /** Where the flows' states live: `OAuthStateStore.for(redis, '<service>')`. */
  states: OAuthStateStore<S>;
}

/** A grant exchanged from the callback's code, ready to store: the refresh token sealed, the client signed in. */
export interface NewGoogleConnection {
  /** `TokenCipher.seal(refreshToken)` under ENCRYPTION_KEY: the only form of the token a row may hold. */
  refreshTokenSealed: string;
  /** What Google granted. */
  scopes: string[];
  /** Holds the access token just issued and refreshes it itself once it expires. */
  client: OAuth2Client;
}

/** The user left out a scope the feature needs on the consent screen; the partial grant was revoked at Google. */
export class GoogleScopesRefusedError extends Error {
  constructor(readonly missing: string[]) {
    super(`Google granted no access to ${missing.join(', ')}`);
    this.name = 'GoogleScopesRefusedError';
  }
}

/**
 * A user's Google account connected to one feature (Gmail, Google Calendar), from the consent screen to the
 * disconnect, in the order a connection lives:
 *
 * 1. `consentUrl(userId, flow)`: the consent screen's address, with a single-use state bound to the user.
 * 2. `returnedFlow(state, userId)`: the callback's state, taken back once by the user who started it.
 * 3. `exchange(code)`: the code for a grant, the refresh token sealed for the row, a signed-in client.
 * 4. `use(sealed, call)`: a stored connection's client for a call to Google; it refreshes its access token itself.
 * 5. `disconnect(userId, row, remove)`: revoke at Google, then remove the row, even when Google cannot revoke.
 *
 * Tokens never leave it in clear: the refresh token is sealed (AES-256-GCM under ENCRYPTION_KEY) before the caller
 * sees it, and access tokens live only in the clients it keeps in memory. The feature keeps its own row (it owns its
 * table) and says what Google's failures mean to its users.
 */
export class GoogleConnectionKit<S = Record<string, never>> {
  readonly oauth: GoogleOAuth;
  private readonly log: Logger;

  constructor(
    private readonly config: GoogleConfig & { ENCRYPTION_KEY?: string },
    private readonly options: GoogleConnectionKitOptions<S>,
  ) {
    this.oauth = new GoogleOAuth(config, options.callbackPath);
    this.log = createLogger('google-connection');
  }

  /**
   * The consent screen's address (offline access, consent asked each time), with a state bound to `userId` that
   * carries `flow` to the callback. Unconfigured: the 503 naming ENCRYPTION_KEY, then GOOGLE_CLIENT_ID and
   * GOOGLE_CLIENT_SECRET, before anything is stored.
   */
  async consentUrl(userId: string, flow: S): Promise<string> {
    this.cipher();
    this.oauth.requireConfigured();
    const state = await this.options.states.create(userId, flow);
    return this.oauth.authorizationUrl(this.options.scopes, state);
  }

  /**
   * What `consentUrl` was given, once, for the user who started the flow. A missing, used, expired or another
   * user's state is logged and throws OAuthStateError; it is spent either way.
   */
  async returnedFlow(state: string | undefined, userId: string): Promise<S> {
    try {
      return await this.options.states.consume(state, userId);
    } catch (error) {
      if (error instanceof OAuthStateError) this.log.warn({ userId, reason: error.reason }, `${this.options.name} OAuth callback refused: bad state`);
      throw error;
    }
  }

  /**
   * Exchanges the callback's code. Throws the 503 naming ENCRYPTION_KEY when it is unset, GoogleScopesRefusedError
   * when a required scope was not granted, and Google's failures as `toGoogleError` gives them.
   */
  async exchange(code: string): Promise<NewGoogleConnection> {
    const cipher = this.cipher();
    const grant = await this.oauth.exchangeCode(code);
    const missing = (this.options.requiredScopes ?? []).filter((scope) => !grant.scopes.includes(scope));
    if (missing.length) {
      await this.oauth.revoke(grant.refreshToken).catch(() => undefined);
      throw new GoogleScopesRefusedError(missing);
    }
    const refreshTokenSealed = cipher.seal(grant.refreshToken);
    return { refreshTokenSealed, scopes: grant.scopes, client: this.oauth.clientFor(refreshTokenSealed, grant.refreshToken, grant) };
  }

  /**
   * Runs `call` with the client of a stored connection (kept per process, so its access token is reused until it
   * expires). Unconfigured: the 503 naming ENCRYPTION_KEY or Google's client. A token that cannot be opened any more
   * (ENCRYPTION_KEY changed) is GoogleConnectionExpiredError, as is a grant Google refuses (its client is dropped):
   * the user connects again. Whatever `call` throws goes on unchanged.
   */
  async use<T>(refreshTokenSealed: string, call: (client: OAuth2Client) => Promise<T>): Promise<T> {
    const cipher = this.cipher();
    let refreshToken: string;
    try {
      refreshToken = cipher.open(refreshTokenSealed);
    } catch (error) {
      if (error instanceof TokenCipherError) throw new GoogleConnectionExpiredError('the stored token cannot be opened');
      throw error;
    }
    try {
      return await call(this.oauth.clientFor(refreshTokenSealed, refreshToken));
    } catch (error) {
      if (toGoogleError(error) instanceof GoogleConnectionExpiredError) this.forget(refreshTokenSealed);
      throw error;
    }
  }

  /**
   * Ends a connection: revokes its grant at Google, drops its client, then `remove` deletes the row. The user asked
   * to disconnect, so a revocation that fails (Google unreachable or unconfigured, a token that cannot be opened) is
   * logged and the row is deleted anyway: without the token nothing here can use the grant again, and the user can
   * still remove the access in their Google account. Nothing stored (`stored` null) is nothing to do.
   */
  async disconnect(userId: string, stored: { refreshTokenSealed: string } | null, remove: () => Promise<unknown>): Promise<void> {
    if (!stored) return;
    try {
      await this.oauth.revoke(this.cipher().open(stored.refreshTokenSealed));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.log.warn({ userId, err: reason }, `${this.options.name} grant not revoked at Google; the connection is removed anyway`);
    }
    this.forget(stored.refreshTokenSealed);
    await remove();
    this.log.info({ userId }, `${this.options.name} disconnected`);
  }

  /** Drops the client kept for a connection that was replaced or removed. */
  forget(refreshTokenSealed: string): void {
    this.oauth.forget(refreshTokenSealed);
  }

  private cipher(): TokenCipher {
    return TokenCipher.require(this.config.ENCRYPTION_KEY);
  }
}
