import type { PhoneMessage } from '@jarvis/contracts';
import { EASTERN_TIME_ZONE } from '../../components/eastern-time';

export type PhoneMessageStatus = PhoneMessage['status'];
export type PhoneMessagePriority = PhoneMessage['priority'];
export type PhoneMessageType = PhoneMessage['message_type'];

/**
 * A phone number as people read it (doc2 §2): ten digits as (xxx) xxx-xxxx, eleven starting with 1 as
 * +1 (xxx) xxx-xxxx. Anything else (another country, a short code, 'Anonymous') is shown as it came.
 */
export function formatPhoneNumber(raw: string | null | undefined): string {
  const text = (raw ?? '').trim();
  const digits = text.replace(/\D/g, '');
  const local = (d: string) => `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
  if (digits.length === 10) return local(digits);
  if (digits.length === 11 && digits.startsWith('1')) return `+1 ${local(digits.slice(1))}`;
  return text;
}

/** A call's length as m:ss (65 → '1:05'), or 'N/A' when the call has none. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return 'N/A';
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

const callTimeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: EASTERN_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** When the call came in, in New York time (doc2 §9): 'Nov 22, 2025, 5:07 PM ET'. Empty for a bad date. */
export function formatCallTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const p = Object.fromEntries(callTimeFormat.formatToParts(date).map((part) => [part.type, part.value]));
  return `${p.month} ${p.day}, ${p.year}, ${p.hour}:${p.minute} ${String(p.dayPeriod).toUpperCase()} ET`;
}

/** Who called: the caller's name, or their number formatted. */
export function callerLabel(message: Pick<PhoneMessage, 'caller_name' | 'caller_number'>): string {
  return message.caller_name?.trim() || formatPhoneNumber(message.caller_number) || 'Unknown caller';
}

export const MESSAGE_TYPE_LABELS: Record<PhoneMessageType, string> = {
  question: 'Question',
  callback_request: 'Callback request',
  callback: 'Callback',
  urgent: 'Urgent',
  conversation_end: 'Conversation',
  other: 'Message',
};

export function messageTypeLabel(type: string): string {
  return MESSAGE_TYPE_LABELS[type as PhoneMessageType] ?? 'Message';
}

export const PHONE_STATUSES = [
  'new',
  'read',
  'replied',
  'archived',
] as const satisfies readonly PhoneMessageStatus[];
export const PHONE_PRIORITIES = [
  'urgent',
  'high',
  'normal',
  'low',
] as const satisfies readonly PhoneMessagePriority[];

export const STATUS_LABELS: Record<PhoneMessageStatus, string> = {
  new: 'New',
  read: 'Read',
  replied: 'Replied',
  archived: 'Archived',
};

export const PRIORITY_LABELS: Record<PhoneMessagePriority, string> = {
  urgent: 'Urgent',
  high: 'High',
  normal: 'Normal',
  low: 'Low',
};

export type ChipColor = 'default' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning';

export const STATUS_COLORS: Record<PhoneMessageStatus, ChipColor> = {
  new: 'primary',
  read: 'default',
  replied: 'success',
  archived: 'default',
};

/**
 * The priority badge of a message or an action item: none for normal (doc2 §2), so only what stands out is marked.
 * An unknown priority (action items are free text) is shown as it is.
 */
export function priorityBadge(
  priority: string | null | undefined,
): { label: string; color: ChipColor; variant: 'filled' | 'outlined' } | null {
  const key = (priority ?? '').trim().toLowerCase();
  if (!key || key === 'normal') return null;
  switch (key) {
    case 'urgent':
      return { label: 'Urgent', color: 'error', variant: 'filled' };
    case 'high':
      return { label: 'High', color: 'warning', variant: 'filled' };
    case 'low':
      return { label: 'Low', color: 'default', variant: 'outlined' };
    default:
      return { label: key.charAt(0).toUpperCase() + key.slice(1), color: 'default', variant: 'outlined' };
  }
}

export type StatusFilter = PhoneMessageStatus | 'all';
export type PriorityFilter = PhoneMessagePriority | 'all';

export interface PhoneMessageFilters {
  status: StatusFilter;
  priority: PriorityFilter;
}

export const ALL_MESSAGES: PhoneMessageFilters = { status: 'all', priority: 'all' };

export function filterPhoneMessages<M extends Pick<PhoneMessage, 'status' | 'priority'>>(
  messages: readonly M[],
  { status, priority }: PhoneMessageFilters,
): M[] {
  return messages.filter(
    (m) => (status === 'all' || m.status === status) && (priority === 'all' || m.priority === priority),
  );
}

/** How many messages have each status, for the filter's labels. */
export function countByStatus(
  messages: readonly Pick<PhoneMessage, 'status'>[],
): Record<StatusFilter, number> {
  const counts: Record<StatusFilter, number> = {
    all: messages.length,
    new: 0,
    read: 0,
    replied: 0,
    archived: 0,
  };
  for (const m of messages) if (m.status in counts) counts[m.status] += 1;
  return counts;
}

/** The start of a transcript for a card: whitespace folded, cut at a word near `max` characters with an ellipsis. */
export function transcriptPreview(transcript: string | null | undefined, max = 140): string {
  const text = (transcript ?? '').replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}
