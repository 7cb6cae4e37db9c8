/** Time-of-day greeting of doc1 §2: morning before 12, afternoon before 17, otherwise evening. */
export function greetingFor(date: Date): string {
  const hour = date.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}
