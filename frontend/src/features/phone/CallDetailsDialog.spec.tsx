import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PhoneMessage } from '@jarvis/contracts';
import {
  renderWithProviders,
  routeFetch,
  testPhoneMessage,
  testUser,
  type FakeRoutes,
} from '../../test/render';
import { PhoneSection } from './PhoneSection';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ID = '00000000-0000-4000-8000-00000000d001';
const PUT = `PUT /api/phone-messages/${ID}`;

/**
 * A telephony fake holding one message: GET lists it, PUT changes it and answers it (unless `routes` says
 * otherwise). `hold` makes each PUT wait for `release()`, to see the screen before the server answers.
 */
function fakeTelephony(message: PhoneMessage, routes: FakeRoutes = {}, { hold = false } = {}) {
  let stored = message;
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const fake = routeFetch({
    'GET /api/phone-messages': () => ({ body: [stored] }),
    [PUT]: () => ({ body: stored }),
    ...routes,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      if (init.method === 'PUT') {
        if (hold) await held;
        const hit = routes[PUT];
        if (!hit) stored = { ...stored, ...(JSON.parse(init.body as string) as Partial<PhoneMessage>) };
      }
      return fake.fetch(input, init);
    }),
  );
  return { calls: fake.calls, release: () => release() };
}

async function openDetails() {
  const user = userEvent.setup();
  renderWithProviders(<PhoneSection />, { user: testUser });
  await user.click(
    await screen.findByTestId('phone-message-card').then((card) => within(card).getByRole('button')),
  );
  return { user, dialog: screen.getByRole('dialog', { name: 'Call Details' }) };
}

function puts(calls: { method: string; body: unknown }[]) {
  return calls.filter((c) => c.method === 'PUT').map((c) => c.body);
}

describe('CallDetailsDialog', () => {
  it('shows the caller, number, New York time, duration, transcript, response, action items and tags', async () => {
    fakeTelephony(
      testPhoneMessage({
        priority: 'high',
        tags: ['kitchen', 'quote'],
        follow_up_needed: true,
        action_items: [
          { task: 'Call Ann back', completed: false, priority: 'urgent' },
          { task: 'Send the quote', completed: true, priority: 'normal' },
        ],
      }),
    );
    const { dialog } = await openDetails();
    const details = within(dialog);
    expect(details.getByTestId('call-caller')).toHaveTextContent('Ann Smith');
    expect(details.getByTestId('call-number')).toHaveTextContent('+1 (555) 123-4567');
    expect(details.getByTestId('call-time')).toHaveTextContent('Nov 22, 2025, 5:07 PM ET');
    expect(details.getByTestId('call-details-duration')).toHaveTextContent('1:05');
    expect(dialog).toHaveTextContent('Callback request');
    expect(details.getByText('Callback requested')).toBeInTheDocument();
    expect(details.getByText('Follow-up needed')).toBeInTheDocument();
    expect(details.getByTestId('call-transcript')).toHaveTextContent(
      'Hi, this is Ann. Please call me back about the kitchen quote before Friday.',
    );
    expect(details.getByTestId('call-response')).toHaveTextContent('Thanks Ann, I will pass this on');

    const [open, done] = details.getAllByTestId('action-item');
    expect(open).toHaveTextContent('Call Ann back');
    expect(open).toHaveAttribute('data-completed', 'false');
    expect(within(open).getByTestId('priority-badge')).toHaveTextContent('Urgent');
    expect(done).toHaveTextContent('Send the quote');
    expect(done).toHaveAttribute('data-completed', 'true');
    expect(within(done).queryByTestId('priority-badge')).not.toBeInTheDocument();

    const tags = details.getByRole('region', { name: 'Tags' });
    expect(within(tags).getByText('kitchen')).toBeInTheDocument();
    expect(within(tags).getByText('quote')).toBeInTheDocument();
    expect(details.getByRole('combobox', { name: 'Status' })).toHaveTextContent('New');
  });

  it('formats a ten-digit number, shows N/A without a duration and leaves out empty parts', async () => {
    fakeTelephony(
      testPhoneMessage({
        caller_name: null,
        caller_number: '2125550123',
        duration: null,
        transcript: null,
        jarvis_response: null,
        callback_requested: false,
      }),
    );
    const { dialog } = await openDetails();
    const details = within(dialog);
    expect(details.getByTestId('call-caller')).toHaveTextContent('(212) 555-0123');
    expect(details.getByTestId('call-details-duration')).toHaveTextContent('N/A');
    expect(details.getByTestId('call-transcript')).toHaveTextContent('No transcript');
    expect(details.getByTestId('call-response')).toHaveTextContent('No response recorded');
    expect(details.queryByRole('region', { name: 'Action Items' })).not.toBeInTheDocument();
    expect(details.queryByRole('region', { name: 'Tags' })).not.toBeInTheDocument();
    expect(details.queryByRole('region', { name: 'Recording' })).not.toBeInTheDocument();
    expect(details.queryByTestId('recording-player')).not.toBeInTheDocument();
  });

  it('plays the recording through the gateway when the message has one', async () => {
    fakeTelephony(testPhoneMessage({ recording_url: `/api/phone-messages/${ID}/recording` }));
    const { dialog } = await openDetails();
    const player = within(dialog).getByTestId('recording-player');
    expect(player.tagName).toBe('AUDIO');
    expect(player).toHaveAttribute('controls');
    expect(player).toHaveAttribute('src', `/api/phone-messages/${ID}/recording`);
  });

  it("says so when the recording can't be loaded", async () => {
    fakeTelephony(testPhoneMessage({ recording_url: `/api/phone-messages/${ID}/recording` }));
    const { dialog } = await openDetails();
    within(dialog).getByTestId('recording-player').dispatchEvent(new Event('error'));
    expect(await within(dialog).findByText(/The recording could not be loaded/)).toBeInTheDocument();
  });

  it("changes the status at once, saves it and toasts 'Message Updated'", async () => {
    const fake = fakeTelephony(testPhoneMessage(), {}, { hold: true });
    const { user, dialog } = await openDetails();
    await user.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Read' }));

    // Before the server answers, the select and the card already show it.
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveTextContent('Read');
    expect(screen.getByTestId('phone-message-card')).toHaveAttribute('data-status', 'read');
    fake.release();

    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Message Updated');
    expect(puts(fake.calls)).toEqual([{ status: 'read' }]);
  });

  it('puts the status back and toasts the failure when the update fails', async () => {
    const fake = fakeTelephony(testPhoneMessage(), {
      [PUT]: { status: 500, body: { error: 'boom', code: 'INTERNAL' } },
    });
    const { user, dialog } = await openDetails();
    await user.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Archived' }));

    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Failed to update message. Please try again.');
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveTextContent('New'),
    );
    expect(screen.getByTestId('phone-message-card')).toHaveAttribute('data-status', 'new');
    expect(puts(fake.calls)).toEqual([{ status: 'archived' }]);
  });

  it('treats an update answered without JSON as a success', async () => {
    fakeTelephony(testPhoneMessage(), { [PUT]: { status: 200 } });
    const { user, dialog } = await openDetails();
    await user.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Replied' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Message Updated');
  });

  it('saves the notes with Save Notes', async () => {
    const fake = fakeTelephony(testPhoneMessage({ notes: 'Wants a callback' }));
    const { user, dialog } = await openDetails();
    const notes = within(dialog).getByRole('textbox', { name: 'Notes' });
    const save = within(dialog).getByRole('button', { name: 'Save Notes' });
    expect(notes).toHaveValue('Wants a callback');
    expect(save).toBeDisabled();

    await user.type(notes, ' on Friday');
    expect(save).toBeEnabled();
    await user.click(save);

    expect(await screen.findByTestId('toast')).toHaveTextContent('Message Updated');
    expect(puts(fake.calls)).toEqual([{ notes: 'Wants a callback on Friday' }]);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save Notes' })).toBeDisabled());
  });

  it('keeps the typed notes when saving them fails', async () => {
    fakeTelephony(testPhoneMessage(), {
      [PUT]: { status: 503, body: { error: 'down', code: 'SERVICE_UNAVAILABLE' } },
    });
    const { user, dialog } = await openDetails();
    const notes = within(dialog).getByRole('textbox', { name: 'Notes' });
    await user.type(notes, 'Call back Monday');
    await user.click(within(dialog).getByRole('button', { name: 'Save Notes' }));

    expect(await screen.findByTestId('toast')).toHaveTextContent(
      'Failed to update message. Please try again.',
    );
    expect(notes).toHaveValue('Call back Monday');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save Notes' })).toBeEnabled());
  });
});
