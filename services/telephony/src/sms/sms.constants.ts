/** Texts a user may send in a day (New York day), through the app or notifications' SMS channel together. */
export const DAILY_SMS_LIMIT = 50;
/** Texts a user may send to one number in a day: a cap on what anyone can aim at one phone. */
export const DAILY_SMS_PER_RECIPIENT = 10;
