/** How long a code sent to the SMS number can be typed. */
export const CODE_TTL_SECONDS = 10 * 60;
/** Codes that may be typed for one sent code; the last wrong one voids it. */
export const CODE_TRIES = 5;
/** At least this long between two codes sent to a user's number. */
export const RESEND_INTERVAL_SECONDS = 60;
/** At most this many codes a user is sent in an hour, whatever the numbers. */
export const CODES_PER_HOUR = 5;
export const HOUR_SECONDS = 3_600;
