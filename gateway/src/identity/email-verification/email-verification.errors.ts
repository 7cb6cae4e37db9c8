import { ConflictError, DomainError, ErrorKind, ProviderUnavailableError } from '@jarvis/contracts';

export const NoEmail = () =>
  new DomainError(ErrorKind.Validation, 'Add an e-mail address first.', { code: 'EMAIL_MISSING', details: { fields: { email: ['Add an e-mail address first.'] } } });

export const AlreadyVerified = () => new ConflictError('Your e-mail address is already verified.');

/** SMTP_URL is unset on the notifications service: no verification e-mail can be sent. */
export const MailNotConfigured = () => new ProviderUnavailableError('E-mail delivery', ['SMTP_URL']);
