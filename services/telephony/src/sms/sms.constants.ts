/** Texts a user may send in a day (New York day), through the app or notifications' SMS channel together. */
export const DAILY_SMS_LIMIT = 50;
