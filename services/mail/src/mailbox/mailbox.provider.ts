import type { OAuth2Client } from 'google-auth-library';

/** The signed-in client of one user's connection (google-auth-library), refreshing its access token itself. */
export type MailboxAuth = OAuth2Client;

/** One message as the mail features need it, whatever the mailbox's wire format. */
export interface MailboxMessage {
  id: string;
  labelIds: string[];
  snippet: string;
  /** ISO 8601, from the time the mailbox received it. */
  date: string;
  /** Header values by lower-case name (the first occurrence). */
  headers: Record<string, string>;
  hasAttachments: boolean;
  /** Only on `get`: the HTML and plain-text bodies, decoded. */
  html?: string;
  text?: string;
}

export interface MailboxPage {
  ids: string[];
  nextPageToken?: string;
}

/**
 * A user's mailbox. Failures are thrown as the Google kit's errors: GoogleConnectionExpiredError (the grant is gone),
 * GoogleApiError (a status: 404 for an unknown message), ProviderUnavailableError (unreachable).
 */
export abstract class MailboxProvider {
  /** The address of the mailbox. */
  abstract address(auth: MailboxAuth): Promise<string>;
  /** Newest first; `q` in the mailbox's search syntax (all mail but spam and trash), or the inbox without one. */
  abstract list(auth: MailboxAuth, options: { q?: string; pageToken?: string; max: number }): Promise<MailboxPage>;
  /** Headers, labels and snippet, no body. */
  abstract summary(auth: MailboxAuth, id: string): Promise<MailboxMessage>;
  /** With the bodies. */
  abstract get(auth: MailboxAuth, id: string): Promise<MailboxMessage>;
  abstract trash(auth: MailboxAuth, id: string): Promise<void>;
  /** Permanently, skipping the trash. */
  abstract remove(auth: MailboxAuth, id: string): Promise<void>;
  abstract markSpam(auth: MailboxAuth, id: string): Promise<void>;
  /** Sends an RFC 5322 message (CRLF line ends) from the mailbox. */
  abstract send(auth: MailboxAuth, rfc822: string): Promise<void>;
}
