const formatter = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit' });

/** The calendar month in New York that `at` falls in, as 'YYYY-MM': the allowance resets at midnight there. */
export function billingMonth(at: Date = new Date()): string {
  const parts = Object.fromEntries(formatter.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}`;
}
