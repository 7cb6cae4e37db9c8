import type { CallLog, QueuedCall } from '@jarvis/contracts';

export type CallStatus = CallLog['status'] | QueuedCall['status'];
type ChipColor = 'default' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning';

/** Call states (doc3 §4): pending yellow, processing or calling blue, completed green, failed red. */
export const CALL_STATUS: Record<CallStatus, { label: string; color: ChipColor }> = {
  pending: { label: 'Pending', color: 'warning' },
  processing: { label: 'Processing', color: 'info' },
  calling: { label: 'Calling', color: 'info' },
  completed: { label: 'Completed', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
};

export const PRIORITY_COLORS: Record<QueuedCall['priority'], ChipColor> = {
  urgent: 'error',
  high: 'warning',
  normal: 'info',
  low: 'default',
};

const SCENARIO_LABELS: Record<string, string> = {
  bill_collector: 'Bill Collector',
  appointment: 'Appointment Reminder',
  spam_block: 'Spam Block',
  follow_up: 'Follow-up',
  missed_call: 'Missed Call Return',
  missed_call_return: 'Missed Call Return',
  good_morning: 'Good Morning',
  news_briefing: 'News Briefing',
  check_in: 'Check-in',
  bible_verse: 'Bible Verse',
  lottery_update: 'Lottery Update',
  custom: 'Custom',
};

/** 'bill_collector' → 'Bill Collector'; a scenario's own name passes through. */
export function scenarioLabel(scenario: string): string {
  return (
    SCENARIO_LABELS[scenario] ??
    scenario.replace(/[_-]+/g, ' ').replace(/\b\w/g, (letter) => letter.toUpperCase())
  );
}

/** Duration as minutes and seconds (doc3 §2): 95 → '1m 35s', 42 → '0m 42s'; none → 'N/A'. */
export function minutesAndSeconds(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return 'N/A';
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}m ${whole % 60}s`;
}

/** The call id as the dialog shows it: its first 8 characters (doc3 §9). */
export function shortCallId(id: string | null | undefined): string {
  return id ? id.slice(0, 8) : 'N/A';
}

/** The first 10 logs (doc3 §9), newest first as the server sends them. */
export const RECENT_LOGS_SHOWN = 10;

/** The usage bar's width: capped at 100 percent (doc3 §9); 0 for an unlimited plan. */
export function usagePercent(used: number, limit: number | 'unlimited'): number {
  if (limit === 'unlimited' || limit <= 0) return limit === 'unlimited' ? 0 : 100;
  return Math.min(100, Math.round((used / limit) * 100));
}
