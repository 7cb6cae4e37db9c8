import { ConnectionExpiredError, CONNECTION_EXPIRED_CODES, DomainError, ErrorKind } from '@jarvis/contracts';

/** What the consent screen asks for: read and change mail, and Gmail's full scope, which permanent delete needs. */
export const MAIL_SCOPES = ['https://www.googleapis.com/auth/gmail.modify', 'https://mail.google.com/'];

/** The grant was revoked or expired (or lacks a scope): the E-mail page shows the expired message with Reconnect. */
export const mailConnectionExpired = () =>
  new ConnectionExpiredError('Your Gmail connection has expired. Please reconnect.', CONNECTION_EXPIRED_CODES.mail);

export const mailNotConnected = () =>
  new DomainError(ErrorKind.Conflict, 'Gmail is not connected. Connect it on the E-mail page.', { code: 'MAIL_NOT_CONNECTED' });

export const emailNotFound = () => new DomainError(ErrorKind.NotFound, 'Email not found.');
