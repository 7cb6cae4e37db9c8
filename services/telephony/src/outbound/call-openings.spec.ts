import { describe, expect, it } from 'vitest';
import { fixedOpening } from './call-openings';

describe('the fixed opening of each kind (no model configured)', () => {
  it('bill collector: states the company, the account and the amount, offers a call back, and threatens nothing', () => {
    const said = fixedOpening('bill_collector', { companyName: 'Acme', accountNumber: 'A-1', amount: '$20', clientName: 'Sam', clientEmail: 'pay@acme.test' }, 'Ann');
    expect(said).toContain('on behalf of Acme');
    expect(said).toContain('account number A-1');
    expect(said).toContain('$20');
    expect(said).toContain('call you back');
    expect(said).not.toMatch(/legal|court|arrest|collections agency|credit score|must pay/i);
  });

  it('appointment, spam block, follow-up and missed-call return say what the request gave them', () => {
    expect(fixedOpening('appointment', { appointmentType: 'dental', appointmentTime: 'January 5, 2027 at 09:00 AM', location: 'Main St' }, 'Ann')).toBe(
      'Hello, this is Jarvis, an automated assistant calling on behalf of Ann to remind you of your dental appointment on January 5, 2027 at 09:00 AM at Main St. If you need to reschedule, please let us know. Thank you.',
    );
    expect(fixedOpening('spam_block', { reason: 'daily robocalls' }, null)).toContain('remove this number from your calling list');
    expect(fixedOpening('follow_up', { context: 'the quote', message: 'It is ready.', lastInteraction: 'November 20, 2026' }, null)).toContain(
      'on our conversation of November 20, 2026 about the quote. It is ready.',
    );
    expect(fixedOpening('follow_up', { context: 'the quote', message: 'It is ready.', lastInteraction: 'recently' }, null)).toContain('on our recent conversation');
    expect(fixedOpening('missed_call', {}, 'Ann')).toContain('returning a missed call from this number on behalf of Ann');
  });
});
