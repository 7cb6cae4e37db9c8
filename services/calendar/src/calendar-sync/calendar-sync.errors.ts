import { NotFoundError } from '@jarvis/contracts';

/** A foreign, unknown, removed or malformed synced-event id: the same 404. */
export const SyncedEventNotFound = () => new NotFoundError('Synced event');
