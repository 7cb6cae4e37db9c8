import type { Pattern, Reminder, Whisper } from '@jarvis/contracts';
import { daypartOf, hourInZone } from '../patterns/pattern-analysis';

export interface WhisperInputs {
  now: Date;
  /** Null when calendar could not be asked: reminder-based cards are skipped, not guessed. */
  reminders: Reminder[] | null;
  patterns: Pattern[];
  homeLocation?: string;
}

const ZONE = 'America/New_York';
const dayKey = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: ZONE });
const weekday = (d: Date) => d.toLocaleDateString('en-US', { timeZone: ZONE, weekday: 'short' });
const timeOf = (d: Date) => d.toLocaleTimeString('en-US', { timeZone: ZONE, hour: 'numeric', minute: '2-digit' });

const BILL = /\b(bills?|rent|pay|payment|invoice|mortgage|insurance|subscription|tax(es)?|utilities|loan|credit card)\b/i;

/**
 * Suggestion cards of the four types from what is true now: the user's open reminders, the time of day in
 * America/New_York and their chat patterns. Nothing is shown that the inputs do not support.
 */
export function buildWhispers({ now, reminders, patterns, homeLocation }: WhisperInputs): Whisper[] {
  const whispers: Whisper[] = [];
  const hour = hourInZone(now);
  const isWeekday = !['Sat', 'Sun'].includes(weekday(now));
  const today = dayKey(now);
  const tomorrow = dayKey(new Date(now.getTime() + 24 * 60 * 60 * 1000));

  if (reminders) {
    const open = reminders.filter((r) => !r.done);
    const timed = open.filter((r) => r.reminder_time).map((r) => ({ r, at: new Date(r.reminder_time!) }));
    const dueToday = timed.filter(({ at }) => dayKey(at) === today && at >= now).sort((a, b) => a.at.getTime() - b.at.getTime());
    const overdue = timed.filter(({ at }) => at < now);

    // Bills: open reminders about paying something.
    for (const { r, at } of timed.filter(({ r }) => BILL.test(r.title)).sort((a, b) => a.at.getTime() - b.at.getTime()).slice(0, 2)) {
      const key = dayKey(at);
      const when = at < now ? 'is overdue' : key === today ? `is due today at ${timeOf(at)}` : key === tomorrow ? 'is due tomorrow' : `is due ${r.when}`;
      whispers.push({ id: `bills:${r.id}`, type: 'bills', text: `"${r.title}" ${when}.`, action: `Mark "${r.title}" as paid or reschedule it` });
    }
    for (const r of open.filter((x) => !x.reminder_time && BILL.test(x.title)).slice(0, 1)) {
      whispers.push({ id: `bills:${r.id}`, type: 'bills', text: `Don't forget: "${r.title}" (${r.when}).`, action: `Remind me about "${r.title}"` });
    }

    // Planning: what today holds.
    if (dueToday.length > 0) {
      const next = dueToday[0];
      const text =
        dueToday.length === 1
          ? `Coming up today: "${next.r.title}" at ${timeOf(next.at)}.`
          : `You have ${dueToday.length} reminders left today; next is "${next.r.title}" at ${timeOf(next.at)}.`;
      whispers.push({ id: `planning:today:${today}`, type: 'planning', text, action: 'What is on my schedule today?' });
    }
    if (overdue.length > 0) {
      whispers.push({
        id: `planning:overdue:${today}`,
        type: 'planning',
        text: `${overdue.length} reminder${overdue.length > 1 ? 's are' : ' is'} past due. Reschedule or mark done?`,
        action: 'Show my overdue reminders',
      });
    }
    if (hour >= 18 && timed.some(({ at }) => dayKey(at) === tomorrow)) {
      const count = timed.filter(({ at }) => dayKey(at) === tomorrow).length;
      whispers.push({ id: `planning:tomorrow:${today}`, type: 'planning', text: `You have ${count} reminder${count > 1 ? 's' : ''} tomorrow. Want a quick plan?`, action: 'Help me plan tomorrow' });
    }
  }

  // Commute: weekday rush hours.
  if (isWeekday && ((hour >= 6 && hour < 9) || (hour >= 16 && hour < 19))) {
    const place = homeLocation ? ` in ${homeLocation}` : '';
    whispers.push({
      id: `commute:${today}:${hour < 12 ? 'am' : 'pm'}`,
      type: 'commute',
      text: `${hour < 12 ? 'Heading out' : 'Heading home'}? Check the weather${place} before you go.`,
      action: homeLocation ? `What's the weather in ${homeLocation}?` : "What's the weather like?",
    });
  }

  // Wellness: by the clock.
  if (hour >= 22 || hour < 5) {
    whispers.push({ id: `wellness:late:${today}`, type: 'wellness', text: "It's getting late. Winding down now helps tomorrow go better.", action: 'Remind me to go to bed at 11pm' });
  } else if (hour >= 14 && hour < 17) {
    whispers.push({ id: `wellness:break:${today}`, type: 'wellness', text: 'Afternoon slump? A five-minute walk and a glass of water can help.', action: 'Remind me to take a break in 1 hour' });
  }

  // Planning from patterns: the user usually plans at this time of day.
  const usual = patterns.find((p) => p.type === 'temporal' && p.confidence > 0.5);
  if (usual && usual.id === `temporal:${daypartOf(now).id}` && !whispers.some((w) => w.type === 'planning')) {
    whispers.push({ id: `planning:habit:${today}`, type: 'planning', text: 'This is usually when you check in. Want a rundown of your day?', action: 'What is on my schedule today?' });
  }

  return whispers;
}
