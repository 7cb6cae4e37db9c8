import { ConflictError, DomainError, ErrorKind, UnauthenticatedError } from '@jarvis/contracts';

export const InvalidCredentials = () => new UnauthenticatedError('Invalid username or password');
export const UsernameTaken = () => new ConflictError('Username already taken');
export const PasswordAccount = () =>
  new DomainError(ErrorKind.Unauthenticated, 'This username belongs to an account with a password. Please log in with your password.', {
    code: 'PASSWORD_REQUIRED',
  });
