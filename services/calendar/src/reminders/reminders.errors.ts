import { NotFoundError, UnauthenticatedError } from '@jarvis/contracts';

/** A foreign, unknown or malformed id: the same 404, so ids reveal nothing. */
export const ReminderNotFound = () => new NotFoundError('Reminder');
/** Reminders always belong to someone; a call without a user in its context is refused. */
export const NoUser = () => new UnauthenticatedError();
