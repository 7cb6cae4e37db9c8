import { api as contracts } from '@jarvis/contracts';
import type { OutboundCallKind, OutboundCallRequest } from '../../api/outbound-calls';
import { contractFormErrors, defineContractForm, serverFormErrors } from '../../forms/contract-form';

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

/** The fields each kind shows, in order (phone and schedule are always there). */
export const KIND_FIELDS: Record<OutboundCallKind, readonly OutboundFormField[]> = {
  bill_collector: ['clientName', 'clientEmail', 'companyName', 'accountNumber', 'amount'],
  appointment: ['appointmentType', 'appointmentDate', 'location'],
  spam_block: ['reason'],
  follow_up: ['context', 'message', 'lastInteraction'],
  missed_call: [],
};

/** The endpoint each kind queues its call with (POST /api/proactive-call/<kind>). */
const KIND_ENDPOINTS = {
  bill_collector: contracts.telephony.billCollectorCall,
  appointment: contracts.telephony.appointmentCall,
  spam_block: contracts.telephony.spamBlockCall,
  follow_up: contracts.telephony.followUpCall,
  missed_call: contracts.telephony.missedCallReturn,
} as const;

/** Request fields the form shows under another name. */
const REQUEST_FIELDS = { scheduledTime: 'scheduledDate', appointmentTime: 'appointmentDate' } as const;

const text = (values: OutboundFormValues, field: OutboundFormField) => String(values[field]).trim();

/** A day and time as the call takes it, or why not: a missing or impossible day, or one that is not allowed. */
function dayAt(
  day: string,
  time: ClockTime,
  isAllowed: (at: Date) => boolean,
  notAllowed: string,
): { at: Date } | { error: string } {
  const at = localDateTime(day, time);
  if (!at) return { error: 'Enter a valid date' };
  return isAllowed(at) ? { at } : { error: notAllowed };
}

/**
 * The request the values stand for: the chosen kind's payload (its fields trimmed, the number as the server takes
 * it, the scheduled time as ISO, the appointment time as the call reads it, the last interaction as words or
 * 'recently'); an impossible date is left out, and `outboundForm`'s own rules say why (as for a past one).
 */
export function toOutboundRequest(values: OutboundFormValues): OutboundCallRequest {
  const field = (name: OutboundFormField) => text(values, name);
  const scheduled = values.scheduledDate ? localDateTime(values.scheduledDate, values.scheduledTime) : null;
  const base = {
    phoneNumber: field('phoneNumber').replace(/[\s().-]/g, ''),
    ...(scheduled ? { scheduledTime: scheduled.toISOString() } : {}),
  };
  switch (values.kind) {
    case 'bill_collector':
      return {
        kind: 'bill_collector',
        payload: {
          ...base,
          clientName: field('clientName'),
          clientEmail: field('clientEmail'),
          companyName: field('companyName'),
          accountNumber: field('accountNumber'),
          amount: field('amount'),
        },
      };
    case 'appointment': {
      const when = values.appointmentDate
        ? localDateTime(values.appointmentDate, values.appointmentTime)
        : null;
      return {
        kind: 'appointment',
        payload: {
          ...base,
          appointmentType: field('appointmentType'),
          ...(when ? { appointmentTime: appointmentText(when, values.appointmentTime) } : {}),
          location: field('location'),
        },
      };
    }
    case 'spam_block':
      return { kind: 'spam_block', payload: { ...base, reason: field('reason') } };
    case 'follow_up': {
      const day = values.lastInteraction
        ? localDateTime(values.lastInteraction, { hour: '12', minute: '00', period: 'AM' })
        : null;
      return {
        kind: 'follow_up',
        payload: {
          ...base,
          context: field('context'),
          message: field('message'),
          lastInteraction: day
            ? `${MONTHS[day.getMonth()]} ${day.getDate()}, ${day.getFullYear()}`
            : 'recently',
        },
      };
    }
    case 'missed_call':
      return { kind: 'missed_call', payload: base };
  }
}

/**
 * The form's own rules beyond the requests (doc3 §5), in its words: a number is required, a client e-mail is
 * required, a scheduled time and an appointment are not in the past, a last interaction not in the future.
 */
function ownRules(values: OutboundFormValues, now: Date): OutboundFormErrors {
  const errors: OutboundFormErrors = {};
  if (!text(values, 'phoneNumber').replace(/[\s().-]/g, '')) errors.phoneNumber = 'Phone number is required';
  if (values.scheduledDate) {
    const scheduled = dayAt(
      values.scheduledDate,
      values.scheduledTime,
      (at) => at.getTime() >= now.getTime(),
      'The scheduled time cannot be in the past',
    );
    if ('error' in scheduled) errors.scheduledDate = scheduled.error;
  }
  if (values.kind === 'bill_collector' && !text(values, 'clientEmail'))
    errors.clientEmail = 'Client e-mail is required';
  if (values.kind === 'appointment' && values.appointmentDate) {
    const when = dayAt(
      values.appointmentDate,
      values.appointmentTime,
      (at) => at.getTime() >= now.getTime(),
      'The appointment cannot be in the past',
    );
    if ('error' in when) errors.appointmentDate = when.error;
  }
  if (values.kind === 'follow_up' && values.lastInteraction) {
    const day = localDateTime(values.lastInteraction, { hour: '12', minute: '00', period: 'AM' });
    if (!day) errors.lastInteraction = 'Enter a valid date';
    else if (values.lastInteraction > localDay(now))
      errors.lastInteraction = 'The last interaction cannot be in the future';
  }
  return errors;
}

/**
 * The form as the chosen kind's endpoint checks it: that request's own rules (its required fields and their
 * messages, the number in E.164, a valid client e-mail, the lengths) and the form's own beside them. `now` is
 * passed in so the past/future rules can be tested.
 */
export function outboundForm(kind: OutboundCallKind, now: () => Date = () => new Date()) {
  return defineContractForm({
    schema: KIND_ENDPOINTS[kind].request,
    toInput: (values: OutboundFormValues) => toOutboundRequest(values).payload,
    fields: REQUEST_FIELDS,
    refine: (values: OutboundFormValues) => ownRules(values, now()),
  });
}

const OUTBOUND_FORMS = Object.fromEntries(CALL_KINDS.map(({ kind }) => [kind, outboundForm(kind)])) as Record<
  OutboundCallKind,
  ReturnType<typeof outboundForm>
>;

/** The form of the values' kind, for useContractForm. */
export function outboundFormOf(values: OutboundFormValues) {
  return OUTBOUND_FORMS[values.kind];
}

/** The form's problems by field, or the call to queue when there are none. */
export function buildOutboundCall(
  values: OutboundFormValues,
  now: Date = new Date(),
): { ok: true; request: OutboundCallRequest } | { ok: false; errors: OutboundFormErrors } {
  const errors = contractFormErrors(
    outboundForm(values.kind, () => now),
    values,
  ) as OutboundFormErrors;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, request: toOutboundRequest(values) };
}

/** The fields a kind shows: the number, the schedule and its own. Only they keep their messages when it is chosen. */
export function fieldsOfKind(kind: OutboundCallKind): OutboundFormField[] {
  return ['phoneNumber', 'scheduledDate', ...KIND_FIELDS[kind]];
}

/** The server's per-field messages of a refused call (`fieldErrorsOf`), on the form's fields where the names agree. */
export function serverFieldErrors(error: unknown): OutboundFormErrors {
  return serverFormErrors({ fields: REQUEST_FIELDS }, error, Object.keys(EMPTY_OUTBOUND_FORM));
}
