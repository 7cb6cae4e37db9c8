import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import {
  profileFailureMessage,
  profileFormErrors,
  profileFormOf,
  profileServerErrors,
  sameProfile,
  toProfileInput,
} from './profile-form';

const form = { username: 'ada', firstName: 'Ada', lastName: 'Lovelace' };

describe('profileFormErrors', () => {
  it('accepts a username of 3 to 64 characters and optional names', () => {
    expect(profileFormErrors(form, { hadUsername: true })).toEqual({});
    expect(profileFormErrors({ ...form, firstName: '', lastName: '' }, { hadUsername: true })).toEqual({});
  });

  it('wants a username from an account that has one, and one of the right length', () => {
    expect(profileFormErrors({ ...form, username: '  ' }, { hadUsername: true })).toEqual({
      username: 'Username is required',
    });
    expect(profileFormErrors({ ...form, username: ' ab ' }, { hadUsername: true })).toEqual({
      username: 'Username must be at least 3 characters long',
    });
    expect(profileFormErrors({ ...form, username: 'a'.repeat(65) }, { hadUsername: true })).toEqual({
      username: 'Username must be at most 64 characters long',
    });
  });

  it('lets an account without a username (Google sign-in) keep having none', () => {
    expect(profileFormErrors({ ...form, username: '' }, { hadUsername: false })).toEqual({});
  });

  it('keeps names to 100 characters', () => {
    expect(profileFormErrors({ ...form, lastName: 'x'.repeat(101) }, { hadUsername: true })).toEqual({
      lastName: 'Names are at most 100 characters',
    });
  });
});

describe('toProfileInput', () => {
  it('trims, clears empty names and leaves an empty username out', () => {
    expect(toProfileInput({ username: ' ada ', firstName: ' Ada ', lastName: '' })).toEqual({
      username: 'ada',
      firstName: 'Ada',
      lastName: null,
    });
    expect(toProfileInput({ username: '', firstName: '', lastName: 'L' })).toEqual({
      firstName: null,
      lastName: 'L',
    });
  });
});

describe('profileFormOf and sameProfile', () => {
  it('reads the user, missing values as empty, and compares trimmed', () => {
    expect(profileFormOf({ username: null, firstName: 'Ada', lastName: null })).toEqual({
      username: '',
      firstName: 'Ada',
      lastName: '',
    });
    expect(sameProfile(form, { ...form, firstName: ' Ada ' })).toBe(true);
    expect(sameProfile(form, { ...form, firstName: 'Augusta' })).toBe(false);
  });
});

describe('server failures', () => {
  const taken = new ApiError(400, '400: taken', {
    error: 'Username already taken',
    code: 'VALIDATION',
    fields: { username: ['Username already taken'] },
  });

  it("puts the server's word under its field", () => {
    expect(profileServerErrors(taken)).toEqual({ username: 'Username already taken' });
    expect(profileServerErrors(new Error('x'))).toEqual({});
  });

  it("toasts the server's message, or 'Please try again later.'", () => {
    expect(profileFailureMessage(taken)).toBe('Username already taken');
    expect(profileFailureMessage(new ApiError(500, '500: boom', { error: 'boom', code: 'INTERNAL' }))).toBe(
      'Please try again later.',
    );
    expect(profileFailureMessage(new TypeError('Failed to fetch'))).toBe('Please try again later.');
  });
});
