import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PhoneMessage } from '@jarvis/contracts';
import { api } from '../../api/routes';
import { answer, renderWithProviders, routeFetch, testPhoneMessage, testUser } from '../../test/render';
import { PhoneSection } from './PhoneSection';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ann = testPhoneMessage();
const unknownCaller = testPhoneMessage({
  id: '00000000-0000-4000-8000-00000000d002',
  caller_name: null,
  caller_number: '+12125550199',
  message_type: 'urgent',
  priority: 'urgent',
  status: 'read',
  duration: null,
  created_at: '2025-07-04T13:05:00.000Z',
  transcript: null,
});
const archived = testPhoneMessage({
  id: '00000000-0000-4000-8000-00000000d003',
  caller_name: 'Bob Builder',
  caller_number: '2125550123',
  message_type: 'question',
  priority: 'low',
  status: 'archived',
  duration: 7,
  transcript: 'Is the office open on Saturday?',
});

function fakeList(list: PhoneMessage[]) {
  const fake = routeFetch(answer(api.telephony.phoneMessages, list));
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  return fake;
}

function renderSection() {
  return renderWithProviders(<PhoneSection />, { user: testUser });
}

async function pick(label: string, option: RegExp | string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('PhoneSection', () => {
  it('shows skeletons while the messages load', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    const { container } = renderSection();
    expect(screen.getByRole('heading', { level: 1, name: 'Phone Messages' })).toBeInTheDocument();
    expect(container.querySelectorAll('.MuiSkeleton-root').length).toBeGreaterThan(0);
  });

  it('shows the empty state when nobody has called', async () => {
    fakeList([]);
    renderSection();
    expect(await screen.findByText('No phone messages yet')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
  });

  it('says the messages could not be loaded and tries again', async () => {
    let down = true;
    const fake = routeFetch({
      'GET /api/phone-messages': () =>
        down ? { status: 500, body: { error: 'boom', code: 'INTERNAL' } } : { body: [ann] },
    });
    vi.stubGlobal('fetch', vi.fn(fake.fetch));
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByText('Your phone messages could not be loaded.')).toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('phone-message-card')).toHaveTextContent('Ann Smith');
  });

  it('shows a card per call: caller, New York time, duration, type, priority only when not normal, preview, status', async () => {
    fakeList([ann, unknownCaller]);
    renderSection();
    const [first, second] = await screen.findAllByTestId('phone-message-card');

    expect(within(first).getByRole('heading', { name: 'Ann Smith' })).toBeInTheDocument();
    expect(first).toHaveTextContent('+1 (555) 123-4567');
    expect(first).toHaveTextContent('Nov 22, 2025, 5:07 PM ET');
    expect(within(first).getByTestId('call-duration')).toHaveTextContent('1:05');
    expect(first).toHaveTextContent('Callback request');
    expect(within(first).queryByTestId('priority-badge')).not.toBeInTheDocument();
    expect(within(first).getByTestId('transcript-preview')).toHaveTextContent('Hi, this is Ann.');
    expect(within(first).getByTestId('status-chip')).toHaveTextContent('New');

    expect(within(second).getByRole('heading', { name: '+1 (212) 555-0199' })).toBeInTheDocument();
    expect(second).toHaveTextContent('Jul 4, 2025, 9:05 AM ET');
    expect(within(second).getByTestId('call-duration')).toHaveTextContent('N/A');
    expect(within(second).getByTestId('priority-badge')).toHaveTextContent('Urgent');
    // An urgent call with urgent priority says 'Urgent' once.
    expect(within(second).getAllByText('Urgent')).toHaveLength(1);
    expect(within(second).getByTestId('transcript-preview')).toHaveTextContent('No transcript');
    expect(within(second).getByTestId('status-chip')).toHaveTextContent('Read');
    expect(screen.getByText('2 messages')).toBeInTheDocument();
  });

  it('filters by status and by priority, and offers to show all when nothing matches', async () => {
    fakeList([ann, unknownCaller, archived]);
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findAllByTestId('phone-message-card')).toHaveLength(3);

    await pick('Status', 'New (1)');
    expect(screen.getAllByTestId('phone-message-card')).toHaveLength(1);
    expect(screen.getByTestId('phone-message-card')).toHaveTextContent('Ann Smith');
    expect(screen.getByText('1 of 3 messages')).toBeInTheDocument();

    await pick('Status', 'All (3)');
    await pick('Priority', 'Low');
    expect(screen.getAllByTestId('phone-message-card')).toHaveLength(1);
    expect(screen.getByTestId('phone-message-card')).toHaveTextContent('Bob Builder');
    expect(screen.getByTestId('phone-message-card')).toHaveTextContent('0:07');

    await pick('Status', 'Replied (0)');
    expect(screen.queryByTestId('phone-message-card')).not.toBeInTheDocument();
    expect(screen.getByText('No messages match these filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all messages' }));
    expect(screen.getAllByTestId('phone-message-card')).toHaveLength(3);
  });

  it('opens the Call Details dialog for a card and closes it', async () => {
    fakeList([ann, unknownCaller]);
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: /^Call from \+1 \(212\) 555-0199/ }));
    const dialog = screen.getByRole('dialog', { name: 'Call Details' });
    expect(within(dialog).getByTestId('call-caller')).toHaveTextContent('+1 (212) 555-0199');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
