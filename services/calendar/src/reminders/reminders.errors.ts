import { NotFoundError } from '@jarvis/contracts';

/** A foreign, unknown or malformed id: the same 404, so ids reveal nothing. */
export const ReminderNotFound = () => new NotFoundError('Reminder');
