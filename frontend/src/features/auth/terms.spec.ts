import { describe, expect, it } from 'vitest';
import { needsTermsAcceptance } from './terms';

const accepted = { termsAccepted: true, email: 'a@x.com', termsAcceptedEmail: 'a@x.com' };

describe('needsTermsAcceptance', () => {
  it('asks a user who has not accepted the terms', () => {
    expect(needsTermsAcceptance({ ...accepted, termsAccepted: false })).toBe(true);
  });

  it('asks again when the e-mail differs from the one recorded at acceptance', () => {
    expect(needsTermsAcceptance({ ...accepted, email: 'new@x.com' })).toBe(true);
  });

  it('does not ask when either e-mail is missing or they match', () => {
    expect(needsTermsAcceptance(accepted)).toBe(false);
    expect(needsTermsAcceptance({ ...accepted, email: null })).toBe(false);
    expect(needsTermsAcceptance({ ...accepted, termsAcceptedEmail: null })).toBe(false);
  });

  it('never asks a visitor', () => {
    expect(needsTermsAcceptance(null)).toBe(false);
  });
});
