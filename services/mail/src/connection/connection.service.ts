import { Injectable } from '@nestjs/common';
import { ProviderUnavailableError } from '@jarvis/contracts';
import { createLogger, GoogleConnectionExpiredError, GoogleConnectionKit, GoogleScopesRefusedError, OAuthStateError } from '@jarvis/platform';
import { MailboxProvider } from '../mailbox/mailbox.provider';
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
    private readonly google: GoogleConnectionKit<MailOAuthState>,
    private readonly mailbox: MailboxProvider,
  ) {}

  async status(userId: string): Promise<{ connected: boolean; email: string | null }> {
    const row = await this.connections.findForUser(userId);
    return row ? { connected: true, email: row.googleEmail } : { connected: false, email: null };
  }

  /** The consent screen's address, with a state bound to this user; 503 naming what is missing when unconfigured. */
  async authUrl(userId: string, returnTo: MailReturnTo = '/emails'): Promise<{ url: string }> {
    return { url: await this.google.consentUrl(userId, { returnTo }) };
  }

  /** Google's redirect back: checks the state, stores the sealed refresh token, and sends the browser back. */
  async callback(userId: string, input: { code?: string; state?: string; error?: string }): Promise<{ location: string }> {
    let returnTo: MailReturnTo = '/emails';
    try {
      returnTo = (await this.google.returnedFlow(input.state, userId)).returnTo;
    } catch (error) {
      if (!(error instanceof OAuthStateError)) throw error;
      return { location: `${returnTo}?mailError=state` };
    }
    const back = (failure?: MailConnectFailure) => ({ location: failure ? `${returnTo}?mailError=${failure}` : `${returnTo}?mail=connected` });
    if (input.error || !input.code) return back('denied');
    try {
      const connection = await this.google.exchange(input.code);
      const email = await this.mailbox.address(connection.client);
      await this.connections.save(userId, { googleEmail: email, refreshTokenSealed: connection.refreshTokenSealed, scopes: connection.scopes });
      log.info({ userId }, 'Gmail connected');
      return back();
    } catch (error) {
      if (error instanceof GoogleScopesRefusedError) return back('scopes');
      if (error instanceof ProviderUnavailableError) return back('unavailable');
      if (error instanceof GoogleConnectionExpiredError) return back('failed');
      log.warn({ userId, err: (error as Error).message }, 'mail OAuth callback failed');
      return back('failed');
    }
  }

  /** Revokes the grant at Google, then forgets it: also when Google cannot revoke it (that is logged). */
  async disconnect(userId: string): Promise<{ success: true }> {
    await this.google.disconnect(userId, await this.connections.findForUser(userId), () => this.connections.deleteForUser(userId));
    return { success: true };
  }

  /** Account lifecycle (issue 22): the connected Google account and its scopes, never its token. */
  async accountRow(userId: string): Promise<{ googleEmail: string; scopes: string[]; connectedAt: Date } | null> {
    const row = await this.connections.findForUser(userId);
    return row && { googleEmail: row.googleEmail, scopes: row.scopes, connectedAt: row.createdAt };
  }
}
