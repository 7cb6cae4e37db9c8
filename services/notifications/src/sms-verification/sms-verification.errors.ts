import { DomainError, ErrorKind, RateLimitedError } from '@jarvis/contracts';

/** A 400 about the typed code, naming the field, with the tries the pending code still allows. */
function codeError(code: string, message: string, remainingTries: number) {
  return new DomainError(ErrorKind.Validation, message, { code, details: { fields: { code: [message] }, remainingTries } });
}

export const WrongCode = (remainingTries: number) =>
  codeError('SMS_CODE_WRONG', `That code is not right. ${remainingTries} ${remainingTries === 1 ? 'try' : 'tries'} left.`, remainingTries);

export const CodeVoid = () => codeError('SMS_CODE_VOID', 'Too many wrong codes: this code no longer works. Send a new code.', 0);

export const CodeExpired = () => codeError('SMS_CODE_EXPIRED', 'This code has expired. Send a new code.', 0);

export const NoCodePending = () => codeError('SMS_CODE_NONE', 'No code is waiting for this number. Send a new code.', 0);

export const NoNumber = () =>
  new DomainError(ErrorKind.Validation, 'Save the phone number text messages should go to first.', { code: 'SMS_NUMBER_MISSING' });

export const AlreadyVerified = () => new DomainError(ErrorKind.Conflict, 'This number is already verified.', { code: 'SMS_NUMBER_VERIFIED' });

export const TooSoon = (seconds: number) => new RateLimitedError(`You can ask for a new code in ${seconds} seconds.`, seconds);
