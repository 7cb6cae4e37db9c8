import { ValidationError } from '@jarvis/contracts';

const UNKNOWN_PUSH_SERVICE = 'Push notifications are only sent through a browser push service (Google FCM, Mozilla, Windows or Apple); this endpoint is not one.';

/** A subscription whose endpoint is not at a known push service nor in WEB_PUSH_ALLOWED_HOSTS: 400. */
export const UnknownPushService = () => new ValidationError(UNKNOWN_PUSH_SERVICE, { endpoint: [UNKNOWN_PUSH_SERVICE] }, 'UNKNOWN_PUSH_SERVICE');
