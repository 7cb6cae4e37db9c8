/** doc2 §5 and §9: the sync settings as typed, read the way the server stores them. */
export const DEFAULT_REMINDER_MINUTES = 15;
export const MIN_REMINDER_MINUTES = 1;
export const MAX_REMINDER_MINUTES = 1440;

/** Minutes before the event: a whole number 1-1440; blank or anything else falls back to 15. */
export function reminderMinutesOf(text: string): number {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return DEFAULT_REMINDER_MINUTES;
  const minutes = Number(trimmed);
  return minutes >= MIN_REMINDER_MINUTES && minutes <= MAX_REMINDER_MINUTES
    ? minutes
    : DEFAULT_REMINDER_MINUTES;
}

/** Comma-separated keywords, each trimmed, empties dropped. */
export function callKeywordsOf(text: string): string[] {
  return text
    .split(',')
    .map((keyword) => keyword.trim())
    .filter((keyword) => keyword.length > 0);
}

export function keywordsText(keywords: readonly string[]): string {
  return keywords.join(', ');
}

export function sameKeywords(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((keyword, i) => keyword === b[i]);
}

/** 'Synced N reminders and M calls' (doc2 §8). */
export function syncCompleteText(result: { syncedReminders: number; syncedCalls: number }): string {
  return `Synced ${result.syncedReminders} reminders and ${result.syncedCalls} calls`;
}
