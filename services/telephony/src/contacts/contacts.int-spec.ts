import { api, ErrorKind } from '@jarvis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelephony, type TelephonyHarness } from '../testing/telephony-harness';

let h: TelephonyHarness;
beforeAll(async () => {
  h = await startTelephony('contacts');
});
afterAll(() => h?.close());

const ann = { name: 'Ann Smith', phone_number: '+1 (555) 123-4567', email: 'ann@example.com', notes: 'Sister' };

describe('contacts', () => {
  it('creates, lists, updates and deletes a contact, storing the number in E.164', async () => {
    const alice = h.newUser();
    // Typed with spaces and brackets: stored in E.164.
    const created = await h.call(api.telephony.createContact, ann, alice);
    expect(created).toMatchObject({ name: 'Ann Smith', phone_number: '+15551234567', email: 'ann@example.com', notes: 'Sister' });
    expect(await h.call(api.telephony.contacts, {}, alice)).toEqual([created]);
    const updated = await h.call(api.telephony.updateContact, { id: created.id, name: 'Ann Jones', phone_number: '+15551234567', email: '' }, alice);
    expect(updated).toMatchObject({ name: 'Ann Jones', email: null, notes: null });
    expect(await h.call(api.telephony.deleteContact, { id: created.id }, alice)).toEqual({ success: true });
    expect(await h.call(api.telephony.contacts, {}, alice)).toEqual([]);
  });

  it('answers 409 for a second contact with the same number, but another user may have it', async () => {
    const alice = h.newUser();
    await h.call(api.telephony.createContact, { name: 'Ann', phone_number: '+15551230000' }, alice);
    const conflict = await h.fail(api.telephony.createContact, { name: 'Annie', phone_number: '+15551230000' }, alice);
    expect(conflict.kind).toBe(ErrorKind.Conflict);
    await h.call(api.telephony.createContact, { name: 'Ann', phone_number: '+15551230000' }, h.newUser());
  });

  it('refuses a missing name, a number without country code and a bad e-mail with a 4xx and a message', async () => {
    const alice = h.newUser();
    await expect(h.call(api.telephony.createContact, { name: '', phone_number: '+15551234567' }, alice)).rejects.toThrow(/Name is required/);
    await expect(h.call(api.telephony.createContact, { name: 'Ann', phone_number: '555-1234' }, alice)).rejects.toThrow(
      'Phone number must include the country code, e.g. +1234567890',
    );
    await expect(h.call(api.telephony.createContact, { name: 'Ann', phone_number: '+15551234567', email: 'nope' }, alice)).rejects.toThrow();
    const unparseable = await h.fail(api.telephony.createContact, { name: 'Ann', phone_number: '+10000000' }, alice);
    expect(unparseable).toMatchObject({ kind: ErrorKind.Validation, message: 'Phone number must include the country code, e.g. +1234567890' });
  });

  it('rejects another user’s contact with 404', async () => {
    const alice = h.newUser();
    const mallory = h.newUser();
    const contact = await h.call(api.telephony.createContact, { name: 'Ann', phone_number: '+15551239999' }, alice);
    expect(await h.call(api.telephony.contacts, {}, mallory)).toEqual([]);
    expect((await h.fail(api.telephony.updateContact, { id: contact.id, name: 'X', phone_number: '+15551239999' }, mallory)).kind).toBe(ErrorKind.NotFound);
    expect((await h.fail(api.telephony.deleteContact, { id: contact.id }, mallory)).kind).toBe(ErrorKind.NotFound);
  });

  it('names a caller who is a contact on their phone message', async () => {
    const alice = h.newUser();
    await h.call(api.telephony.createContact, { name: 'Bob Builder', phone_number: '+15557770000' }, alice);
    const message = await h.leaveVoicemail(alice, { from: '+15557770000' });
    expect(message).toMatchObject({ caller_name: 'Bob Builder', caller_number: '+15557770000' });
  });
});
