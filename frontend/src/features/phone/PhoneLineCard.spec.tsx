import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CallerSharing, PhoneLineState } from '@jarvis/contracts';
import { api } from '../../api/routes';
import {
  answer,
  failure,
  renderWithProviders,
  routeFetch,
  testUser,
  type FakeRoutes,
} from '../../test/render';
import { PhoneLineCard } from './PhoneLineCard';

afterEach(() => {
  vi.unstubAllGlobals();
});

const NOT_CONFIGURED = 'Twilio is not configured. Set TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN to enable it.';

const DEFAULT_SHARING: CallerSharing = { name: true, availability: true, twinFacts: false };

/** A telephony fake whose line is `line` at each GET (with `extra` fields), plus the given routes. */
function fakeLine(
  line: () => string | null,
  routes: FakeRoutes = {},
  extra: () => Partial<PhoneLineState> = () => ({}),
) {
  const state = (): PhoneLineState => ({
    phoneNumber: line(),
    sharing: DEFAULT_SHARING,
    offeredNumbers: [],
    ...extra(),
  });
  const fake = routeFetch({ 'GET /api/phone-line': () => ({ body: state() }), ...routes });
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  return fake;
}

function renderCard() {
  return renderWithProviders(<PhoneLineCard />, { user: testUser });
}

function posts(calls: { method: string; body: unknown }[]) {
  return calls.filter((c) => c.method === 'POST').map((c) => c.body ?? null);
}

describe('PhoneLineCard', () => {
  it('shows the number of the line, formatted and as stored', async () => {
    fakeLine(() => '+15551234567');
    renderCard();
    const number = await screen.findByTestId('phone-line-number');
    expect(number).toHaveTextContent('+1 (555) 123-4567');
    expect(number).toHaveTextContent('+15551234567');
    expect(screen.getByRole('button', { name: 'Release Number' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Claim Number' })).not.toBeInTheDocument();
  });

  it('says there is no line and offers to claim one or get a new one', async () => {
    fakeLine(() => null);
    renderCard();
    expect(await screen.findByTestId('phone-line-none')).toHaveTextContent('You have no phone line yet');
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveAccessibleDescription(
      'E.164 format: a plus, the country code and the number, e.g. +15551234567',
    );
    expect(screen.getByRole('button', { name: 'Claim Number' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get New Number' })).toBeInTheDocument();
  });

  it('checks the number before claiming it, then claims it and shows it', async () => {
    let line: string | null = null;
    const fake = fakeLine(() => line, {
      'POST /api/phone-line': () => {
        line = '+15551234567';
        return { body: { phoneNumber: line } };
      },
    });
    const user = userEvent.setup();
    renderCard();
    const input = await screen.findByRole('textbox', { name: 'Phone number' });

    await user.click(screen.getByRole('button', { name: 'Claim Number' }));
    expect(input).toHaveAccessibleDescription('Enter the number to claim');
    await user.type(input, '555 123 4567');
    await user.click(screen.getByRole('button', { name: 'Claim Number' }));
    expect(input).toHaveAccessibleDescription('Use international format with country code, e.g. +1234567890');
    expect(posts(fake.calls)).toEqual([]);

    await user.clear(input);
    await user.type(input, '+1 (555) 123-4567');
    await user.click(screen.getByRole('button', { name: 'Claim Number' }));
    expect(await screen.findByTestId('phone-line-number')).toHaveTextContent('+1 (555) 123-4567');
    expect(await screen.findByTestId('toast')).toHaveTextContent('Phone line ready');
    expect(posts(fake.calls)).toEqual([{ phoneNumber: '+15551234567' }]);
  });

  it("shows the server's message when Twilio is not configured (503)", async () => {
    fakeLine(() => null, {
      ...failure(api.telephony.claimPhoneLine, 503, { error: NOT_CONFIGURED, code: 'PROVIDER_UNAVAILABLE' }),
    });
    const user = userEvent.setup();
    renderCard();
    const input = await screen.findByRole('textbox', { name: 'Phone number' });
    await user.type(input, '+15551234567');
    await user.click(screen.getByRole('button', { name: 'Claim Number' }));
    expect(await screen.findByTestId('phone-line-error')).toHaveTextContent(NOT_CONFIGURED);
    expect(input).toHaveValue('+15551234567');
  });

  it("shows the server's message and the plans when a new number needs a paid plan (402)", async () => {
    const fake = fakeLine(() => null, {
      ...failure(api.telephony.claimPhoneLine, 402, {
        error: 'A new phone number needs the premium plan',
        code: 'PLAN_REQUIRED',
        requiresUpgrade: true,
      }),
    });
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Get New Number' }));
    const alert = await screen.findByTestId('phone-line-error');
    expect(alert).toHaveTextContent('A new phone number needs the premium plan');
    expect(within(alert).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/account');
    expect(posts(fake.calls)).toEqual([null]);
  });

  it('asks before releasing the line, then shows that there is none', async () => {
    let line: string | null = '+15551234567';
    const fake = fakeLine(() => line, {
      'DELETE /api/phone-line': () => {
        line = null;
        return { body: { success: true } };
      },
    });
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Release Number' }));
    const dialog = screen.getByRole('dialog', { name: 'Release phone line?' });
    expect(dialog).toHaveTextContent('Calls and texts to +1 (555) 123-4567 will no longer reach Jarvis.');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fake.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Release Number' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Release phone line?' })).getByRole('button', {
        name: 'Release Number',
      }),
    );
    expect(await screen.findByTestId('phone-line-none')).toBeInTheDocument();
    expect(await screen.findByTestId('toast')).toHaveTextContent('Phone line released');
    expect(fake.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('says the line could not be loaded and tries again', async () => {
    let down = true;
    fakeLine(() => null, {
      'GET /api/phone-line': () =>
        down
          ? { status: 500, body: { error: 'boom', code: 'INTERNAL' } }
          : { body: { phoneNumber: null, sharing: DEFAULT_SHARING, offeredNumbers: [] } },
    });
    const user = userEvent.setup();
    renderCard();
    expect(await screen.findByText('Your phone line could not be loaded.')).toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('phone-line-none')).toBeInTheDocument();
  });

  it('lists the numbers on offer; choosing one fills the number to claim', async () => {
    const fake = fakeLine(
      () => null,
      { ...answer(api.telephony.claimPhoneLine, { phoneNumber: '+16465550001' }) },
      () => ({ offeredNumbers: ['+16465550000', '+16465550001'] }),
    );
    const user = userEvent.setup();
    renderCard();
    const offered = await screen.findByRole('group', { name: 'Numbers on offer' });
    await user.click(within(offered).getByRole('button', { name: '+1 (646) 555-0001' }));
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveValue('+16465550001');
    await user.click(screen.getByRole('button', { name: 'Claim Number' }));
    await waitFor(() => expect(posts(fake.calls)).toEqual([{ phoneNumber: '+16465550001' }]));
  });

  it('says when no number is on offer', async () => {
    fakeLine(() => null);
    renderCard();
    expect(await screen.findByText('This Jarvis offers no numbers to claim right now.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Numbers on offer' })).not.toBeInTheDocument();
  });

  it('shows what callers hear (name and busy times by default) and saves a switch at once', async () => {
    let sharing = DEFAULT_SHARING;
    const fake = fakeLine(
      () => '+15551234567',
      {
        'PUT /api/phone-line/sharing': () => {
          sharing = { ...sharing, twinFacts: true };
          return { body: sharing };
        },
      },
      () => ({ sharing }),
    );
    const user = userEvent.setup();
    renderCard();
    const section = await screen.findByTestId('caller-sharing');
    expect(within(section).getByRole('heading', { name: 'What callers hear about you' })).toBeInTheDocument();
    expect(within(section).getByRole('switch', { name: 'Your first name' })).toBeChecked();
    expect(within(section).getByRole('switch', { name: 'When you are busy today' })).toBeChecked();
    const twin = within(section).getByRole('switch', { name: 'Facts from your AI twin' });
    expect(twin).not.toBeChecked();
    expect(section).toHaveTextContent(
      'Your memories and the titles of your reminders are never shared with callers.',
    );
    await user.click(twin);
    expect(twin).toBeChecked();
    expect(fake.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ twinFacts: true }]);
  });

  it('switches back and says so when the server refuses a change', async () => {
    fakeLine(() => null, {
      ...failure(api.telephony.updateCallerSharing, 503, {
        error: 'Telephony is unavailable',
        code: 'SERVICE_UNAVAILABLE',
      }),
    });
    const user = userEvent.setup();
    renderCard();
    const name = await screen.findByRole('switch', { name: 'Your first name' });
    await user.click(name);
    expect(await screen.findByTestId('toast')).toHaveTextContent('Sharing not changed');
    await waitFor(() => expect(name).toBeChecked());
  });
});
