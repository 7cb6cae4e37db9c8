import {
  ConflictError,
  DomainError,
  ErrorKind,
  QUICK_ACCESS_FAILED,
  RateLimitedError,
  UnauthenticatedError,
  ValidationError,
} from '@jarvis/contracts';

export const InvalidCredentials = () => new UnauthenticatedError('Invalid username or password');
export const UsernameTaken = () => new ConflictError('Username already taken');
/** Quick access's one answer for every refusal, so it tells nothing about the account behind the name. */
export const QuickAccessFailed = () => new UnauthenticatedError(QUICK_ACCESS_FAILED);
export const CurrentPasswordRequired = () =>
  new ValidationError('Please enter your current password', { currentPassword: ['Please enter your current password'] });
export const CurrentPasswordWrong = () =>
  new ValidationError('Current password is incorrect', { currentPassword: ['Current password is incorrect'] });
export const HashingBusy = () =>
  new DomainError(ErrorKind.ServiceUnavailable, 'Too many sign-ins at once. Please try again in a moment.', {
    code: 'BUSY',
    details: { retryAfterSeconds: 1 },
  });
export const TooManySignIns = (seconds: number) =>
  new RateLimitedError(`Too many sign-in attempts. Please try again in ${seconds} seconds.`, seconds);
export const TooManySignUps = (seconds: number) =>
  new RateLimitedError(
    `Too many accounts were created from your network. Please try again in ${Math.ceil(seconds / 60)} minutes.`,
    seconds,
  );
export const DeletionPasswordRequired = () =>
  new ValidationError('Enter your password to delete your account', { password: ['Enter your password to delete your account'] });
export const DeletionPasswordWrong = () => new ValidationError('Password is incorrect', { password: ['Password is incorrect'] });
export const DeletionUsernameWrong = () =>
  new ValidationError('Type your username exactly to delete your account', { username: ['Type your username exactly to delete your account'] });
