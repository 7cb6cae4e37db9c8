import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Contact } from '@jarvis/contracts';
import { api } from '../../api/routes';
import {
  answer,
  failure,
  renderWithProviders,
  routeFetch,
  testContact,
  testUser,
  type FakeRoutes,
} from '../../test/render';
import { ContactsPage } from './ContactsPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ann = testContact();
const bob = testContact({
  id: '00000000-0000-4000-8000-00000000c002',
  name: 'Bob Builder',
  phone_number: '+442071234567',
  email: null,
  notes: null,
});

/** A fake API whose contact list is `list` at the time of each GET, plus the given routes. */
function fakeApi(list: () => Contact[], routes: FakeRoutes = {}) {
  const fake = routeFetch({ 'GET /api/contacts': () => ({ body: list() }), ...routes });
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  return fake;
}

/** Holds the calls of one method until `release()`, to see the form while it saves. */
function holdWrites(fake: ReturnType<typeof routeFetch>, method: string) {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET').toUpperCase() === method) await held;
      return fake.fetch(input, init);
    }),
  );
  return () => release();
}

function renderPage() {
  return renderWithProviders(<ContactsPage />, { user: testUser, route: '/contacts' });
}

function calls(fake: ReturnType<typeof routeFetch>, method: string) {
  return fake.calls.filter((c) => c.method === method);
}

describe('ContactsPage', () => {
  it("shows the title, the way back and 'Loading contacts...' while the list loads", () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Contacts' })).toBeInTheDocument();
    expect(screen.getByText('Manage your contacts for quick messaging')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Chat' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('status')).toHaveTextContent('Loading contacts...');
  });

  it('shows the empty state with its button when there are no contacts', async () => {
    fakeApi(() => []);
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('No contacts yet')).toBeInTheDocument();
    expect(
      screen.getByText('Add your first contact to quickly reference them by name in messages'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Contact' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Your First Contact' }));
    expect(screen.getByRole('dialog', { name: 'Add Contact' })).toHaveAccessibleDescription(
      'Add a contact to quickly reference them by name when sending messages or booking links.',
    );
  });

  it('shows a card per contact with name, number, e-mail and notes only when present', async () => {
    fakeApi(() => [ann, bob]);
    renderPage();
    const cards = await screen.findAllByTestId('contact-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Ann Smith');
    expect(cards[0]).toHaveTextContent('+15551234567');
    expect(cards[0]).toHaveTextContent('ann@example.com');
    expect(within(cards[0]).getByTestId('contact-notes')).toHaveTextContent('Sister');
    expect(cards[1]).toHaveTextContent('Bob Builder');
    expect(cards[1]).toHaveTextContent('+442071234567');
    expect(within(cards[1]).queryByText(/@/)).not.toBeInTheDocument();
    expect(within(cards[1]).queryByTestId('contact-notes')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Contact' })).toBeInTheDocument();
  });

  it('says the list could not be loaded and tries again', async () => {
    let down = true;
    const fake = routeFetch({
      'GET /api/contacts': () =>
        down ? { status: 500, body: { error: 'boom', code: 'INTERNAL' } } : { body: [ann] },
    });
    vi.stubGlobal('fetch', vi.fn(fake.fetch));
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Your contacts could not be loaded.')).toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('contact-card')).toHaveTextContent('Ann Smith');
  });

  it('asks a visitor to sign in', async () => {
    fakeApi(
      () => [],
      failure(api.telephony.contacts, 401, { error: 'Unauthorized', code: 'UNAUTHENTICATED' }),
    );
    renderWithProviders(<ContactsPage />, { user: null, route: '/contacts' });
    expect(await screen.findByText('Sign in to see and manage your contacts.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });

  it("requires a name and a number, then adds the contact with 'Saving...' and refreshes the list", async () => {
    let list: Contact[] = [];
    const fake = fakeApi(() => list, answer(api.telephony.createContact, ann));
    const release = holdWrites(fake, 'POST');
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Your First Contact' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Contact' });
    const submit = within(dialog).getByRole('button', { name: 'Add Contact' });

    expect(within(dialog).getByText('Format: +1234567890 (include country code)')).toBeInTheDocument();
    await user.click(submit);
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Phone number is required')).toBeInTheDocument();
    expect(calls(fake, 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Ann Smith');
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone Number' }), '+1 (555) 123-4567');
    expect(within(dialog).getByText('Format: +1234567890 (include country code)')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'ann@example.com');
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'Sister');
    await user.click(submit);

    expect(within(dialog).getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    list = [ann];
    release();

    expect(await screen.findByText('Contact added')).toBeInTheDocument();
    expect(screen.getByText('Your contact has been saved successfully.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByTestId('contact-card')).toHaveTextContent('Ann Smith');
    expect(calls(fake, 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/contacts',
        body: {
          name: 'Ann Smith',
          phone_number: '+1 (555) 123-4567',
          email: 'ann@example.com',
          notes: 'Sister',
        },
      },
    ]);
    expect(calls(fake, 'GET').length).toBeGreaterThanOrEqual(2);
  });

  it("keeps what was typed and shows the server's message under the number when it is refused", async () => {
    const message = 'Phone number must include the country code, e.g. +1234567890';
    const fake = fakeApi(
      () => [],
      failure(api.telephony.createContact, 400, {
        error: message,
        code: 'VALIDATION',
        fields: { phone_number: [message] },
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Your First Contact' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Contact' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Ann Smith');
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone Number' }), '+10000000');
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'Sister');
    await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));

    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent(message);
    expect(within(dialog).getByRole('textbox', { name: 'Phone Number' })).toHaveAccessibleDescription(
      message,
    );
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Ann Smith');
    expect(within(dialog).getByRole('textbox', { name: 'Phone Number' })).toHaveValue('+10000000');
    expect(within(dialog).getByRole('textbox', { name: 'Notes' })).toHaveValue('Sister');
    expect(within(dialog).getByRole('button', { name: 'Add Contact' })).toBeEnabled();
    expect(calls(fake, 'POST')).toHaveLength(1);

    // Changing the number puts the hint back.
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone Number' }), '1');
    expect(within(dialog).getByText('Format: +1234567890 (include country code)')).toBeInTheDocument();
  });

  it("shows a refusal about no one field (a number already saved) above the form, and 'Failed to add contact' for a 5xx", async () => {
    let conflict = true;
    fakeApi(() => [], {
      'POST /api/contacts': () =>
        conflict
          ? {
              status: 409,
              body: { error: 'A contact with this phone number already exists', code: 'CONFLICT' },
            }
          : { status: 500, body: { error: 'Internal server error', code: 'INTERNAL' } },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Your First Contact' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Contact' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Ann');
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone Number' }), '+15551234567');
    await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    expect(await within(dialog).findByTestId('contact-dialog-error')).toHaveTextContent(
      'A contact with this phone number already exists',
    );

    conflict = false;
    await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    expect(await within(dialog).findByText('Failed to add contact')).toBeInTheDocument();
    expect(screen.getByTestId('toast')).toHaveTextContent('Failed to add contact');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Ann');
  });

  it('edits a contact in the Edit Contact dialog and sends every field', async () => {
    let list = [ann];
    const changed = { ...ann, name: 'Ann Jones', email: null };
    const fake = fakeApi(
      () => list,
      answer(api.telephony.updateContact, changed, { params: { id: ann.id } }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Ann Smith' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Contact' });
    expect(dialog).toHaveAccessibleDescription('Update the contact information.');
    expect(within(dialog).getByRole('textbox', { name: 'Phone Number' })).toHaveValue('+15551234567');
    expect(within(dialog).getByRole('textbox', { name: 'Notes' })).toHaveValue('Sister');

    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Ann Jones');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Email' }));
    list = [changed];
    await user.click(within(dialog).getByRole('button', { name: 'Update Contact' }));

    expect(await screen.findByText('Contact updated')).toBeInTheDocument();
    expect(screen.getByText('Your contact has been updated successfully.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Ann Jones')).toBeInTheDocument();
    expect(calls(fake, 'PUT')).toEqual([
      {
        method: 'PUT',
        path: `/api/contacts/${ann.id}`,
        body: { name: 'Ann Jones', phone_number: '+15551234567', email: null, notes: 'Sister' },
      },
    ]);
  });

  it('asks before deleting, then deletes and says so', async () => {
    let list = [ann, bob];
    const fake = fakeApi(
      () => list,
      answer(api.telephony.deleteContact, { success: true }, { params: { id: ann.id } }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Ann Smith' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete Contact' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete Ann Smith?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(fake, 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Ann Smith' }));
    dialog = screen.getByRole('dialog', { name: 'Delete Contact' });
    list = [bob];
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Contact deleted')).toBeInTheDocument();
    expect(screen.getByText('Your contact has been removed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('contact-card')).toHaveLength(1));
    expect(screen.getByTestId('contact-card')).toHaveTextContent('Bob Builder');
    expect(calls(fake, 'DELETE')).toEqual([
      { method: 'DELETE', path: `/api/contacts/${ann.id}`, body: undefined },
    ]);
  });

  it("says 'Failed to delete contact' when the delete fails and keeps the card", async () => {
    fakeApi(() => [ann], { [`DELETE /api/contacts/${ann.id}`]: { status: 500 } });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Ann Smith' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Contact' })).getByRole('button', { name: 'Delete' }),
    );
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Failed to delete contact');
    expect(screen.getByTestId('contact-card')).toHaveTextContent('Ann Smith');
  });
});
