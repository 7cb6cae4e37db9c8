// Chat times and the greeting are in US Eastern time (doc1 §9, doc2 §9).
import { easternClock, easternHour } from '../../components/eastern-time';

/** Time-of-day greeting of doc1 §2, in Eastern time: morning before 12, afternoon before 17, otherwise evening. */
export function greetingFor(date: Date): string {
  const hour = easternHour(date);
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}

/** A message's time, e.g. '5:07 PM ET'. An unreadable timestamp shows nothing rather than 'Invalid Date'. */
export function formatMessageTime(timestamp: string | number | Date): string {
  const date = timestamp instanceof Date ? timestamp : new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  return `${easternClock(date)} ET`;
}
