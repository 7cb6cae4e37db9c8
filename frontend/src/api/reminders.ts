import type { RequestInputOf } from '@jarvis/contracts';
import type { Api } from './routes';

/** What POST /api/reminders takes: {title, when, reminder_time?}. */
export type NewReminder = RequestInputOf<Api['calendar']['createReminder']>;
