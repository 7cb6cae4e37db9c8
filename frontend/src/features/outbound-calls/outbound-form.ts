import type { OutboundCallKind, OutboundCallRequest } from '../../api/outbound-calls';
import { fieldErrorsOf } from '../../forms/field-errors';

/**
 * The Make Outbound Call form (doc3 §5): its fields, defaults and rules, apart from React so they can be tested
 * alone. Times are the browser's local time; the server receives ISO timestamps.
 */

export const CALL_KINDS: { kind: OutboundCallKind; label: string; description: string }[] = [
  { kind: 'bill_collector', label: 'Bill Collector', description: 'A polite, factual payment reminder' },
  { kind: 'appointment', label: 'Appointment Reminder', description: 'Reminds someone of an appointment' },
  {
    kind: 'spam_block',
    label: 'Spam Block',
    description: 'Asks a caller to take your number off their list',
  },
  { kind: 'follow_up', label: 'Follow-up', description: 'Follows up on an earlier conversation' },
  { kind: 'missed_call', label: 'Missed Call Return', description: 'Returns a call you missed' },
];

export const HOURS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'] as const;
export const MINUTES = ['00', '15', '30', '45'] as const;
export type Period = 'AM' | 'PM';

export interface ClockTime {
  hour: (typeof HOURS)[number];
  minute: (typeof MINUTES)[number];
  period: Period;
}

export const DEFAULT_TIME: ClockTime = { hour: '09', minute: '00', period: 'AM' };

export interface OutboundFormValues {
  kind: OutboundCallKind;
  phoneNumber: string;
  /** 'YYYY-MM-DD' or '' for now. */
  scheduledDate: string;
  scheduledTime: ClockTime;
  clientName: string;
  clientEmail: string;
  companyName: string;
  accountNumber: string;
  amount: string;
  appointmentType: string;
  appointmentDate: string;
  appointmentTime: ClockTime;
  location: string;
  reason: string;
  message: string;
  context: string;
  /** 'YYYY-MM-DD' or '' ('recently'). */
  lastInteraction: string;
}

export type OutboundFormField = Exclude<
  keyof OutboundFormValues,
  'kind' | 'scheduledTime' | 'appointmentTime'
>;
export type OutboundFormErrors = Partial<Record<OutboundFormField, string>>;

export const EMPTY_OUTBOUND_FORM: OutboundFormValues = {
  kind: 'bill_collector',
  phoneNumber: '',
  scheduledDate: '',
  scheduledTime: DEFAULT_TIME,
  clientName: '',
  clientEmail: '',
  companyName: '',
  accountNumber: '',
  amount: '',
  appointmentType: '',
  appointmentDate: '',
  appointmentTime: DEFAULT_TIME,
  location: '',
  reason: '',
  message: '',
  context: '',
  lastInteraction: '',
};

/** 12-hour clock to 0-23: 12 AM is 0, PM adds 12 except for 12 (doc3 §5). */
export function to24Hour(hour: string, period: Period): number {
  const h = Number(hour) % 12;
  return period === 'PM' ? h + 12 : h;
}

/** A 'YYYY-MM-DD' day at a clock time, in the browser's zone; null for a missing or impossible day. */
export function localDateTime(day: string, time: ClockTime): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const result = new Date(year, month, date, to24Hour(time.hour, time.period), Number(time.minute), 0, 0);
  return result.getMonth() === month && result.getDate() === date ? result : null;
}

/** 'YYYY-MM-DD' of a date in the browser's zone (the min of a date field). */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The appointment time as the call reads it (doc3 §3): 'November 25, 2026 at 09:00 AM'. */
export function appointmentText(date: Date, time: ClockTime): string {
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()} at ${time.hour}:${time.minute} ${time.period}`;
}

const E164 = /^\+[1-9]\d{6,14}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The fields each kind shows, in order (phone and schedule are always there). */
export const KIND_FIELDS: Record<OutboundCallKind, readonly OutboundFormField[]> = {
  bill_collector: ['clientName', 'clientEmail', 'companyName', 'accountNumber', 'amount'],
  appointment: ['appointmentType', 'appointmentDate', 'location'],
  spam_block: ['reason'],
  follow_up: ['context', 'message', 'lastInteraction'],
  missed_call: [],
};

const REQUIRED: Partial<Record<OutboundFormField, string>> = {
  clientName: 'Client name is required',
  clientEmail: 'Client e-mail is required',
  companyName: 'Company is required',
  accountNumber: 'Account number is required',
  amount: 'Amount is required',
  appointmentType: 'Appointment type is required',
  location: 'Location is required',
  reason: 'Reason is required',
  context: 'Context is required',
  message: 'Message is required',
};

/**
 * Checks the form the way doc3 §5 says and builds the call's payload, or returns the errors by field. `now` is
 * passed in so the past/future rules can be tested.
 */
export function buildOutboundCall(
  values: OutboundFormValues,
  now: Date = new Date(),
): { ok: true; request: OutboundCallRequest } | { ok: false; errors: OutboundFormErrors } {
  const errors: OutboundFormErrors = {};
  const text = (field: OutboundFormField) => String(values[field]).trim();

  const phoneNumber = text('phoneNumber').replace(/[\s().-]/g, '');
  if (!phoneNumber) errors.phoneNumber = 'Phone number is required';
  else if (!E164.test(phoneNumber))
    errors.phoneNumber = 'Use international format with country code, e.g. +1234567890';

  let scheduledTime: string | undefined;
  if (values.scheduledDate) {
    const at = localDateTime(values.scheduledDate, values.scheduledTime);
    if (!at) errors.scheduledDate = 'Enter a valid date';
    else if (at.getTime() < now.getTime()) errors.scheduledDate = 'The scheduled time cannot be in the past';
    else scheduledTime = at.toISOString();
  }

  for (const field of KIND_FIELDS[values.kind]) {
    const message = REQUIRED[field];
    if (message && !text(field)) errors[field] = message;
  }

  if (values.kind === 'bill_collector' && text('clientEmail') && !EMAIL.test(text('clientEmail')))
    errors.clientEmail = 'Enter a valid client e-mail';

  let appointmentTime: string | undefined;
  if (values.kind === 'appointment' && values.appointmentDate) {
    const at = localDateTime(values.appointmentDate, values.appointmentTime);
    if (!at) errors.appointmentDate = 'Enter a valid date';
    else if (at.getTime() < now.getTime()) errors.appointmentDate = 'The appointment cannot be in the past';
    else appointmentTime = appointmentText(at, values.appointmentTime);
  }

  let lastInteraction = 'recently';
  if (values.kind === 'follow_up' && values.lastInteraction) {
    const day = localDateTime(values.lastInteraction, { hour: '12', minute: '00', period: 'AM' });
    if (!day) errors.lastInteraction = 'Enter a valid date';
    else if (values.lastInteraction > localDay(now))
      errors.lastInteraction = 'The last interaction cannot be in the future';
    else lastInteraction = `${MONTHS[day.getMonth()]} ${day.getDate()}, ${day.getFullYear()}`;
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const base = { phoneNumber, ...(scheduledTime ? { scheduledTime } : {}) };
  switch (values.kind) {
    case 'bill_collector':
      return {
        ok: true,
        request: {
          kind: 'bill_collector',
          payload: {
            ...base,
            clientName: text('clientName'),
            clientEmail: text('clientEmail'),
            companyName: text('companyName'),
            accountNumber: text('accountNumber'),
            amount: text('amount'),
          },
        },
      };
    case 'appointment':
      return {
        ok: true,
        request: {
          kind: 'appointment',
          payload: {
            ...base,
            appointmentType: text('appointmentType'),
            ...(appointmentTime ? { appointmentTime } : {}),
            location: text('location'),
          },
        },
      };
    case 'spam_block':
      return { ok: true, request: { kind: 'spam_block', payload: { ...base, reason: text('reason') } } };
    case 'follow_up':
      return {
        ok: true,
        request: {
          kind: 'follow_up',
          payload: { ...base, context: text('context'), message: text('message'), lastInteraction },
        },
      };
    case 'missed_call':
      return { ok: true, request: { kind: 'missed_call', payload: base } };
  }
}

/** Only the fields that matter to the chosen kind keep their errors when the kind changes. */
export function errorsForKind(errors: OutboundFormErrors, kind: OutboundCallKind): OutboundFormErrors {
  const keep = new Set<OutboundFormField>(['phoneNumber', 'scheduledDate', ...KIND_FIELDS[kind]]);
  return Object.fromEntries(
    Object.entries(errors).filter(([field]) => keep.has(field as OutboundFormField)),
  ) as OutboundFormErrors;
}

/** The server's per-field messages of a refused call (`fieldErrorsOf`), on the form's fields where the names agree. */
export function serverFieldErrors(error: unknown): OutboundFormErrors {
  const known = new Set<string>(Object.keys(EMPTY_OUTBOUND_FORM));
  const result: OutboundFormErrors = {};
  for (const [field, text] of Object.entries(fieldErrorsOf(error))) {
    const target =
      field === 'scheduledTime' ? 'scheduledDate' : field === 'appointmentTime' ? 'appointmentDate' : field;
    if (known.has(target)) result[target as OutboundFormField] = text;
  }
  return result;
}
