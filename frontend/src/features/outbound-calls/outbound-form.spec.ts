import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import {
  appointmentText,
  buildOutboundCall,
  EMPTY_OUTBOUND_FORM,
  fieldsOfKind,
  localDateTime,
  serverFieldErrors,
  to24Hour,
  type OutboundFormValues,
} from './outbound-form';
import { describeCron, looksLikeCron } from './scenario-templates';
import { minutesAndSeconds, shortCallId, usagePercent } from './call-format';

const now = new Date(2026, 10, 23, 10, 0, 0); // Nov 23 2026, 10:00 local
const form = (values: Partial<OutboundFormValues>): OutboundFormValues => ({
  ...EMPTY_OUTBOUND_FORM,
  phoneNumber: '+15551234567',
  ...values,
});

describe('the outbound call form (doc3 §5)', () => {
  it('defaults to a bill collector call at 09:00 AM', () => {
    expect(EMPTY_OUTBOUND_FORM.kind).toBe('bill_collector');
    expect(EMPTY_OUTBOUND_FORM.scheduledTime).toEqual({ hour: '09', minute: '00', period: 'AM' });
  });

  it('reads 12 AM as 0 and adds 12 for PM except 12 PM', () => {
    expect(to24Hour('12', 'AM')).toBe(0);
    expect(to24Hour('01', 'AM')).toBe(1);
    expect(to24Hour('12', 'PM')).toBe(12);
    expect(to24Hour('03', 'PM')).toBe(15);
  });

  it('requires the phone number in international format', () => {
    const missing = buildOutboundCall(form({ kind: 'missed_call', phoneNumber: '' }), now);
    expect(missing).toEqual({ ok: false, errors: { phoneNumber: 'Phone number is required' } });
    const local = buildOutboundCall(form({ kind: 'missed_call', phoneNumber: '555-1234' }), now);
    expect(local.ok).toBe(false);
    const typed = buildOutboundCall(form({ kind: 'missed_call', phoneNumber: '+1 (555) 123-4567' }), now);
    expect(typed).toEqual({
      ok: true,
      request: { kind: 'missed_call', payload: { phoneNumber: '+15551234567' } },
    });
  });

  it('names every field a kind requires', () => {
    const bill = buildOutboundCall(form({ kind: 'bill_collector' }), now);
    expect(bill.ok ? [] : Object.keys(bill.errors).sort()).toEqual(
      ['accountNumber', 'amount', 'clientEmail', 'clientName', 'companyName'].sort(),
    );
    const appointment = buildOutboundCall(form({ kind: 'appointment' }), now);
    expect(appointment.ok ? [] : Object.keys(appointment.errors).sort()).toEqual([
      'appointmentType',
      'location',
    ]);
    const spam = buildOutboundCall(form({ kind: 'spam_block' }), now);
    expect(spam.ok ? [] : Object.keys(spam.errors)).toEqual(['reason']);
    const followUp = buildOutboundCall(form({ kind: 'follow_up' }), now);
    expect(followUp.ok ? [] : Object.keys(followUp.errors).sort()).toEqual(['context', 'message']);
  });

  it('checks the client e-mail and sends a complete bill collector payload', () => {
    const values = form({
      clientName: 'Ann Lee',
      clientEmail: 'ann@',
      companyName: 'Acme',
      accountNumber: 'A-1',
      amount: '150.00',
    });
    expect(buildOutboundCall(values, now)).toEqual({
      ok: false,
      errors: { clientEmail: 'Enter a valid client e-mail' },
    });
    expect(buildOutboundCall({ ...values, clientEmail: 'ann@example.com' }, now)).toEqual({
      ok: true,
      request: {
        kind: 'bill_collector',
        payload: {
          phoneNumber: '+15551234567',
          clientName: 'Ann Lee',
          clientEmail: 'ann@example.com',
          companyName: 'Acme',
          accountNumber: 'A-1',
          amount: '150.00',
        },
      },
    });
  });

  it('refuses a scheduled time in the past and sends a future one as ISO', () => {
    const past = buildOutboundCall(
      form({
        kind: 'missed_call',
        scheduledDate: '2026-11-23',
        scheduledTime: { hour: '09', minute: '45', period: 'AM' },
      }),
      now,
    );
    expect(past).toEqual({
      ok: false,
      errors: { scheduledDate: 'The scheduled time cannot be in the past' },
    });
    const later = buildOutboundCall(
      form({
        kind: 'missed_call',
        scheduledDate: '2026-11-23',
        scheduledTime: { hour: '02', minute: '30', period: 'PM' },
      }),
      now,
    );
    expect(later).toEqual({
      ok: true,
      request: {
        kind: 'missed_call',
        payload: { phoneNumber: '+15551234567', scheduledTime: new Date(2026, 10, 23, 14, 30).toISOString() },
      },
    });
  });

  it('writes the appointment time as text and refuses a past appointment', () => {
    const base = { kind: 'appointment' as const, appointmentType: 'Cleaning', location: 'Main St' };
    const past = buildOutboundCall(form({ ...base, appointmentDate: '2026-11-22' }), now);
    expect(past.ok ? {} : past.errors).toEqual({ appointmentDate: 'The appointment cannot be in the past' });
    const next = buildOutboundCall(
      form({
        ...base,
        appointmentDate: '2026-11-25',
        appointmentTime: { hour: '12', minute: '15', period: 'PM' },
      }),
      now,
    );
    expect(next.ok && next.request.kind === 'appointment' && next.request.payload.appointmentTime).toBe(
      'November 25, 2026 at 12:15 PM',
    );
  });

  it("sends 'recently' without a last interaction and refuses one in the future", () => {
    const base = { kind: 'follow_up' as const, context: 'Quote', message: 'Any questions?' };
    const recent = buildOutboundCall(form(base), now);
    expect(recent.ok && recent.request.kind === 'follow_up' && recent.request.payload.lastInteraction).toBe(
      'recently',
    );
    const today = buildOutboundCall(form({ ...base, lastInteraction: '2026-11-23' }), now);
    expect(today.ok && today.request.kind === 'follow_up' && today.request.payload.lastInteraction).toBe(
      'November 23, 2026',
    );
    const future = buildOutboundCall(form({ ...base, lastInteraction: '2026-11-24' }), now);
    expect(future.ok ? {} : future.errors).toEqual({
      lastInteraction: 'The last interaction cannot be in the future',
    });
  });

  it('rejects impossible dates and keeps only the errors of the chosen kind', () => {
    expect(localDateTime('2026-02-30', EMPTY_OUTBOUND_FORM.scheduledTime)).toBeNull();
    expect(appointmentText(new Date(2026, 0, 5), { hour: '09', minute: '00', period: 'AM' })).toBe(
      'January 5, 2026 at 09:00 AM',
    );
    expect(fieldsOfKind('spam_block')).toEqual(['phoneNumber', 'scheduledDate', 'reason']);
    expect(fieldsOfKind('missed_call')).toEqual(['phoneNumber', 'scheduledDate']);
  });

  it("maps the server's field errors onto the form", () => {
    expect(
      serverFieldErrors(
        new ApiError(400, '400', {
          error: 'Invalid input',
          code: 'VALIDATION',
          fields: { phoneNumber: ['Bad number'], scheduledTime: ['In the past'], other: ['x'] },
        }),
      ),
    ).toEqual({ phoneNumber: 'Bad number', scheduledDate: 'In the past' });
    expect(serverFieldErrors(new Error('network'))).toEqual({});
  });
});

describe('call formatting (doc3 §2, §9)', () => {
  it('shows durations in minutes and seconds and ids cut to 8 characters', () => {
    expect(minutesAndSeconds(95)).toBe('1m 35s');
    expect(minutesAndSeconds(null)).toBe('N/A');
    expect(shortCallId('CA1234567890abcdef')).toBe('CA123456');
  });

  it('caps the usage bar at 100 percent', () => {
    expect(usagePercent(3, 5)).toBe(60);
    expect(usagePercent(7, 5)).toBe(100);
  });

  it('checks cron expressions and describes the common ones', () => {
    expect(looksLikeCron('0 8 * * *')).toBe(true);
    expect(looksLikeCron('0 9 * * 1-5')).toBe(true);
    expect(looksLikeCron('every day')).toBe(false);
    expect(describeCron('0 8 * * *')).toBe('Every day at 8:00 AM');
    expect(describeCron('30 17 * * 1-5')).toBe('Weekdays at 5:30 PM');
    expect(describeCron('*/5 * * * *')).toBe('*/5 * * * *');
  });
});
