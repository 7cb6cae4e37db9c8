import { describe, expect, it } from 'vitest';
import { displayNumber, resolveRecipient } from './recipient';

const contacts = [
  { name: 'Ann Smith', phoneNumber: '+15551234567' },
  { name: 'Annabel Lee', phoneNumber: '+15559876543' },
  { name: 'Bob', phoneNumber: '+442071234567' },
];

describe('resolveRecipient', () => {
  it('finds a contact by full name or first name in the context', () => {
    expect(resolveRecipient('Text for Ann Smith about dinner', contacts)?.phoneNumber).toBe('+15551234567');
    expect(resolveRecipient('to ann, running late', contacts)?.phoneNumber).toBe('+15551234567');
    expect(resolveRecipient('tell Annabel Lee happy birthday', contacts)?.phoneNumber).toBe('+15559876543');
  });

  it('takes a number written in the context', () => {
    expect(resolveRecipient('send to (555) 222-3333', contacts)).toEqual({ name: '(555) 222-3333', phoneNumber: '+15552223333' });
    expect(resolveRecipient('send to +1 555 123 4567', contacts)?.name).toBe('Ann Smith');
  });

  it('finds nobody when nobody is named', () => {
    expect(resolveRecipient('a note for the plumber', contacts)).toBeNull();
  });
});

describe('displayNumber', () => {
  it('writes US numbers as (xxx) xxx-xxxx and others internationally', () => {
    expect(displayNumber('+15551234567')).toBe('(555) 123-4567');
    expect(displayNumber('+442071234567')).toBe('+44 20 7123 4567');
  });
});
