import { describe, expect, it } from 'vitest';
import { api as contracts } from '@jarvis/contracts';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { ApiError } from '../api/client';
import {
  contractFormErrors,
  contractResolver,
  defineContractForm,
  serverFormErrors,
  type ContractForm,
} from './contract-form';
import { fieldErrorsOf, firstMessages } from './field-errors';

interface Contact {
  name: string;
  phoneNumber: string;
  email: string;
}

const toInput = (values: Contact) => ({
  name: values.name,
  phone_number: values.phoneNumber,
  email: values.email || null,
});

/** Checked by telephony.createContact, its number shown under phoneNumber. */
const contactForm = defineContractForm({
  schema: contracts.telephony.createContact.request,
  toInput,
  fields: { phone_number: 'phoneNumber' },
});

const empty: Contact = { name: '', phoneNumber: '', email: '' };
const resolverOptions = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;

describe('the form kit', () => {
  it("checks the values by the endpoint's own schema, each problem under the form field it is about", () => {
    expect(contractFormErrors(contactForm, { ...empty, email: 'ann@' })).toEqual({
      name: 'Name is required',
      phoneNumber: 'Phone number is required',
      email: 'Enter a valid e-mail address',
    });
    expect(contractFormErrors(contactForm, { name: 'Ann', phoneNumber: '+1 555', email: '' })).toEqual({});
  });

  it("checks only the fields named in checks, in the screen's words, with its own rules first", () => {
    const form = defineContractForm({
      ...contactForm,
      checks: ['name', 'phone_number'],
      messages: { name: (code: string) => (code === 'too_small' ? 'Who is it?' : undefined) },
      refine: (values: Contact) => ({
        phoneNumber: values.phoneNumber.startsWith('0') ? 'Start with the country code' : undefined,
      }),
    });
    expect(contractFormErrors(form, { name: ' ', phoneNumber: '0123', email: 'ann@' })).toEqual({
      name: 'Who is it?',
      phoneNumber: 'Start with the country code',
    });
  });

  it('checks with the form its values choose', () => {
    const lenient = defineContractForm({ ...contactForm, checks: ['name'] });
    const byName = (values: Contact): ContractForm<Contact> =>
      values.email === 'lenient' ? lenient : contactForm;
    expect(contractFormErrors(byName, { ...empty, name: 'Ann' })).toEqual({
      phoneNumber: 'Phone number is required',
    });
    expect(contractFormErrors(byName, { ...empty, name: 'Ann', email: 'lenient' })).toEqual({});
  });

  it("gives react-hook-form the problems by form field, or the form's own values when it can be sent", async () => {
    const resolve = contractResolver(contactForm);
    const refused = await resolve({ ...empty, name: 'Ann' }, undefined, resolverOptions as never);
    expect(refused.values).toEqual({});
    expect(refused.errors).toEqual({
      phoneNumber: expect.objectContaining({ message: 'Phone number is required' }),
    });
    const sent = { name: 'Ann', phoneNumber: '+15551234567', email: '' };
    expect(await resolve(sent, undefined, resolverOptions as never)).toEqual({ values: sent, errors: {} });
  });

  it("reads the server's field messages one way: the first of each, under the form's fields it shows", () => {
    const error = new ApiError(400, '400', {
      error: 'Invalid input',
      code: 'VALIDATION',
      fields: { phone_number: ['Bad number', 'Second'], id: ['Not shown'], email: 'Not a list' },
    });
    expect(fieldErrorsOf(error)).toEqual({
      phone_number: 'Bad number',
      id: 'Not shown',
      email: 'Not a list',
    });
    expect(serverFormErrors(contactForm, error, ['name', 'phoneNumber', 'email'])).toEqual({
      phoneNumber: 'Bad number',
      email: 'Not a list',
    });
    expect(fieldErrorsOf(new ApiError(409, '409', { error: 'Taken', code: 'CONFLICT' }))).toEqual({});
    expect(fieldErrorsOf(new Error('offline'))).toEqual({});
    expect(firstMessages(['not', 'an', 'object'])).toEqual({});
  });
});
