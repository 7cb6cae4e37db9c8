import { CONNECTION_EXPIRED_CODES, ConnectionExpiredError, ValidationError } from '@jarvis/contracts';

/** Google refused the stored grant (revoked or expired): 401 with the code the screens show Reconnect for. */
export const CalendarConnectionExpired = () =>
  new ConnectionExpiredError('Your Google Calendar connection has expired. Please reconnect.', CONNECTION_EXPIRED_CODES.calendar);

/** A sync asked for before any calendar was connected. */
export const CalendarNotConnected = () =>
  new ValidationError('Connect your Google Calendar first.', undefined, 'CALENDAR_NOT_CONNECTED');

/** A callback whose `state` is unknown, used, expired, or another user's. */
export const ConnectLinkRefused = () =>
  new ValidationError('This connection attempt has expired or was started elsewhere. Please connect again.', undefined, 'OAUTH_STATE_INVALID');
