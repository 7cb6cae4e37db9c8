import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { testContact } from '../../test/render';
import { initialsOf } from './ContactCard';
import {
  EMPTY_CONTACT_FORM,
  contactFormErrors,
  failureMessage,
  formOf,
  serverFieldErrors,
  toContactInput,
} from './contact-form';

describe('contact form', () => {
  it('requires a name and a phone number, nothing else', () => {
    expect(contactFormErrors({ ...EMPTY_CONTACT_FORM, name: ' ', email: 'not checked here' })).toEqual({
      name: 'Name is required',
      phoneNumber: 'Phone number is required',
    });
    expect(contactFormErrors({ ...EMPTY_CONTACT_FORM, name: 'Ann', phoneNumber: '555' })).toEqual({});
  });

  it('sends the number as typed for the server to parse, and empty e-mail and notes as null', () => {
    expect(
      toContactInput({ name: ' Ann ', phoneNumber: ' +1 (555) 123-4567 ', email: '  ', notes: '  ' }),
    ).toEqual({ name: 'Ann', phone_number: '+1 (555) 123-4567', email: null, notes: null });
    expect(
      toContactInput({
        name: 'Ann',
        phoneNumber: '+15551234567',
        email: ' a@b.co ',
        notes: 'Line 1\nLine 2',
      }),
    ).toEqual({ name: 'Ann', phone_number: '+15551234567', email: 'a@b.co', notes: 'Line 1\nLine 2' });
  });

  it('fills the edit form from a contact, empty for a missing e-mail or notes', () => {
    expect(formOf(testContact({ email: null, notes: null }))).toEqual({
      name: 'Ann Smith',
      phoneNumber: '+15551234567',
      email: '',
      notes: '',
    });
  });

  it("reads the server's messages per field from a 400", () => {
    const error = new ApiError(400, '400: ...', {
      error: 'Enter a valid e-mail address',
      code: 'VALIDATION',
      fields: { email: ['Enter a valid e-mail address'], phone_number: ['Bad number', 'Second'], id: ['x'] },
    });
    expect(serverFieldErrors(error)).toEqual({
      email: 'Enter a valid e-mail address',
      phoneNumber: 'Bad number',
    });
    expect(serverFieldErrors(new Error('network'))).toEqual({});
    expect(serverFieldErrors(new ApiError(409, '409', { error: 'Taken', code: 'CONFLICT' }))).toEqual({});
  });

  it("uses the server's message for a 4xx and the screen's words otherwise", () => {
    const refused = new ApiError(409, '409', { error: 'Taken', code: 'CONFLICT' });
    const broken = new ApiError(500, '500', { error: 'Internal server error', code: 'INTERNAL' });
    expect(failureMessage(refused, 'Failed to add contact')).toBe('Taken');
    expect(failureMessage(broken, 'Failed to add contact')).toBe('Failed to add contact');
    expect(failureMessage(new TypeError('Failed to fetch'), 'Failed to add contact')).toBe(
      'Failed to add contact',
    );
  });

  it('makes up to two initials for the avatar', () => {
    expect(initialsOf('Ann Smith')).toBe('AS');
    expect(initialsOf('  mary ann van der berg ')).toBe('MB');
    expect(initialsOf('Cher')).toBe('C');
  });
});
