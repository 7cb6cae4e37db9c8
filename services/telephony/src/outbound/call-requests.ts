import { ValidationError } from '@jarvis/contracts';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { dayInFutureEverywhere, parseWallClock, SCHEDULE_GRACE_MS, wallClockPassedEverywhere } from './call-dates';
import type { CallPriority } from './entities/call-log.entity';
import { DEFAULT_PRIORITY, type ManualKind, NOT_A_VALID_NUMBER } from './outbound.constants';

/** What every manual call request carries (already shaped by the endpoint's schema). */
export interface CallRequestBase {
  phoneNumber: string;
  scheduledTime?: string;
  priority?: CallPriority;
}

/** A request checked beyond its schema: a real number, dates on the right side of now. */
export interface CheckedCall {
  kind: ManualKind;
  phoneNumber: string;
  priority: CallPriority;
  scheduledTime: Date | null;
  payload: Record<string, string>;
}

/**
 * The checks the schema cannot make, all at once so the form can show every field's error: the number is one a
 * phone network would route (libphonenumber-js), `scheduledTime` and `appointmentTime` are not in the past,
 * `lastInteraction` is 'recently' or a day not in the future.
 */
export function checkCallRequest(kind: ManualKind, request: CallRequestBase & Record<string, unknown>, now = Date.now()): CheckedCall {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);

  const parsed = parsePhoneNumberFromString(request.phoneNumber);
  if (!parsed?.isValid() || parsed.number !== request.phoneNumber) fail('phoneNumber', NOT_A_VALID_NUMBER);

  let scheduledTime: Date | null = null;
  if (request.scheduledTime) {
    scheduledTime = new Date(request.scheduledTime);
    if (Number.isNaN(scheduledTime.getTime())) fail('scheduledTime', 'Scheduled time must be a date and time');
    else if (scheduledTime.getTime() < now - SCHEDULE_GRACE_MS) fail('scheduledTime', 'The scheduled time cannot be in the past');
  }

  const { phoneNumber: _p, scheduledTime: _s, priority: _r, ...fields } = request;
  const payload = Object.fromEntries(
    Object.entries(fields).filter(([, v]) => v !== undefined && v !== null && v !== '').map(([k, v]) => [k, String(v)]),
  );

  if (kind === 'appointment' && payload.appointmentTime) {
    const at = parseWallClock(payload.appointmentTime);
    if (!at) fail('appointmentTime', 'Appointment time must read like "January 5, 2027 at 09:00 AM"');
    else if (wallClockPassedEverywhere(at, now)) fail('appointmentTime', 'The appointment cannot be in the past');
  }
  if (kind === 'follow_up') {
    const said = (payload.lastInteraction ?? '').trim();
    if (!said || said.toLowerCase() === 'recently') payload.lastInteraction = 'recently';
    else {
      const day = parseWallClock(said);
      if (!day) fail('lastInteraction', 'Last interaction must be a date such as "November 20, 2026", or "recently"');
      else if (dayInFutureEverywhere(day, now)) fail('lastInteraction', 'The last interaction cannot be in the future');
    }
  }

  const fieldErrors = Object.entries(errors);
  if (fieldErrors.length > 0) {
    throw new ValidationError(fieldErrors.map(([, messages]) => messages[0]).join('; '), errors);
  }
  return {
    kind,
    phoneNumber: request.phoneNumber,
    priority: request.priority ?? DEFAULT_PRIORITY[kind],
    scheduledTime,
    payload,
  };
}
