import { Inject, Injectable } from '@nestjs/common';
import { ProviderUnavailableError } from '@jarvis/contracts';
import {
  createLogger,
  GoogleConnectionExpiredError,
  GoogleOAuth,
  OAuthStateError,
  OAuthStateStore,
  TokenCipher,
  TokenCipherError,
} from '@jarvis/platform';
import { MAIL_CONFIG, type MailConfig } from '../config/mail.config';
import { MailboxProvider } from '../mailbox/mailbox.provider';
import { MAIL_SCOPES } from './connection.errors';
import { ConnectionRepository } from './connection.repository';

const log = createLogger('mail-connection');

/** Where the connect flow started, so the callback goes back there. */
export type MailReturnTo = '/emails' | '/account';
export interface MailOAuthState {
  returnTo: MailReturnTo;
}

/** Why a callback did not connect, as `?mailError=` on the page it returns to. */
export type MailConnectFailure = 'state' | 'denied' | 'scopes' | 'failed' | 'unavailable';

@Injectable()
export class ConnectionService {
  constructor(
    private readonly connections: ConnectionRepository,
    private readonly oauth: GoogleOAuth,
    private readonly states: OAuthStateStore<MailOAuthState>,
    private readonly mailbox: MailboxProvider,
    @Inject(MAIL_CONFIG) private readonly config: MailConfig,
  ) {}

  async status(userId: string): Promise<{ connected: boolean; email: string | null }> {
    const row = await this.connections.findForUser(userId);
    return row ? { connected: true, email: row.googleEmail } : { connected: false, email: null };
  }

  /** The consent screen's address, with a state bound to this user; 503 naming what is missing when unconfigured. */
  async authUrl(userId: string, returnTo: MailReturnTo = '/emails'): Promise<{ url: string }> {
    this.oauth.requireConfigured();
    TokenCipher.require(this.config.ENCRYPTION_KEY);
    const state = await this.states.create(userId, { returnTo });
    return { url: this.oauth.authorizationUrl(MAIL_SCOPES, state) };
  }

  /** Google's redirect back: checks the state, stores the sealed refresh token, and sends the browser back. */
  async callback(userId: string, input: { code?: string; state?: string; error?: string }): Promise<{ location: string }> {
    let returnTo: MailReturnTo = '/emails';
    try {
      returnTo = (await this.states.consume(input.state, userId)).returnTo;
    } catch (error) {
      if (!(error instanceof OAuthStateError)) throw error;
      log.warn({ userId, reason: error.reason }, 'mail OAuth callback refused: bad state');
      return { location: `${returnTo}?mailError=state` };
    }
    const back = (failure?: MailConnectFailure) => ({ location: failure ? `${returnTo}?mailError=${failure}` : `${returnTo}?mail=connected` });
    if (input.error || !input.code) return back('denied');
    try {
      const cipher = TokenCipher.require(this.config.ENCRYPTION_KEY);
      const grant = await this.oauth.exchangeCode(input.code);
      if (!MAIL_SCOPES.every((scope) => grant.scopes.includes(scope))) {
        await this.oauth.revoke(grant.refreshToken).catch(() => undefined);
        return back('scopes');
      }
      const sealed = cipher.seal(grant.refreshToken);
      const email = await this.mailbox.address(this.oauth.clientFor(sealed, grant.refreshToken, grant));
      await this.connections.save(userId, { googleEmail: email, refreshTokenSealed: sealed, scopes: grant.scopes });
      log.info({ userId }, 'Gmail connected');
      return back();
    } catch (error) {
      if (error instanceof ProviderUnavailableError) return back('unavailable');
      if (error instanceof GoogleConnectionExpiredError) return back('failed');
      log.warn({ userId, err: (error as Error).message }, 'mail OAuth callback failed');
      return back('failed');
    }
  }

  /** Revokes the grant at Google, then forgets it. Unreachable Google: 503 and nothing is forgotten, so it can be retried. */
  async disconnect(userId: string): Promise<{ success: true }> {
    const row = await this.connections.findForUser(userId);
    if (!row) return { success: true };
    const refreshToken = this.openOrNull(row.refreshTokenSealed);
    if (refreshToken && this.oauth.configured) await this.oauth.revoke(refreshToken);
    this.oauth.forget(row.refreshTokenSealed);
    await this.connections.deleteForUser(userId);
    return { success: true };
  }

  /** The stored token, or null when it cannot be opened any more (ENCRYPTION_KEY unset or changed): nothing to revoke. */
  private openOrNull(sealed: string): string | null {
    try {
      return TokenCipher.require(this.config.ENCRYPTION_KEY).open(sealed);
    } catch (error) {
      if (error instanceof TokenCipherError || error instanceof ProviderUnavailableError) return null;
      throw error;
    }
  }
}
