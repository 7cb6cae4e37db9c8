import type { CallScenario } from '@jarvis/contracts';

export type ScenarioType = CallScenario['scenario_type'];

/** The variables a template may use (doc3 §3); the server fills them at call time. */
export const TEMPLATE_VARIABLES = [
  'firstName',
  'name',
  'date',
  'time',
  'weather',
  'news',
  'bibleVerse',
  'lottery',
] as const;

/** The six scenario types with a starting template each (the dialog's 'templates'). */
export const SCENARIO_TEMPLATES: Record<ScenarioType, { label: string; name: string; template: string }> = {
  good_morning: {
    label: 'Good Morning',
    name: 'Good morning call',
    template: 'Good morning {{firstName}}! It is {{time}} on {{date}}. {{weather}} Have a wonderful day!',
  },
  news_briefing: {
    label: 'News Briefing',
    name: 'Morning news briefing',
    template: 'Hello {{firstName}}, here is your news briefing for {{date}}. {{news}}',
  },
  check_in: {
    label: 'Check-in',
    name: 'Daily check-in',
    template: 'Hi {{firstName}}, this is Jarvis checking in. How are you doing today?',
  },
  bible_verse: {
    label: 'Bible Verse',
    name: 'Daily verse',
    template: 'Good morning {{firstName}}. Your verse for {{date}}: {{bibleVerse}}',
  },
  lottery_update: {
    label: 'Lottery Update',
    name: 'Lottery results',
    template: 'Hello {{firstName}}, here are the latest lottery results. {{lottery}}',
  },
  custom: {
    label: 'Custom',
    name: '',
    template: '',
  },
};

export const SCENARIO_TYPES = Object.keys(SCENARIO_TEMPLATES) as ScenarioType[];

/** Cron: five fields (minute hour day month weekday), as the form's examples 0 8 * * * and 0 9 * * 1-5. */
export function looksLikeCron(expression: string): boolean {
  const fields = expression.trim().split(/\s+/);
  return fields.length === 5 && fields.every((field) => /^[\d*,/\-A-Za-z?LW#]+$/.test(field));
}

export const DEFAULT_CRON = '0 8 * * *';
export const SCENARIO_TIMEZONE = 'America/New_York';

/** '0 8 * * *' → 'Every day at 8:00 AM'; other expressions are shown as they are. */
export function describeCron(expression: string | null | undefined): string {
  const cron = (expression || DEFAULT_CRON).trim();
  const match = /^(\d{1,2}) (\d{1,2}) \* \* (\*|1-5)$/.exec(cron);
  if (!match) return cron;
  const [minute, hour] = [Number(match[1]), Number(match[2])];
  if (minute > 59 || hour > 23) return cron;
  const clock = `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
  return `${match[3] === '*' ? 'Every day' : 'Weekdays'} at ${clock}`;
}
