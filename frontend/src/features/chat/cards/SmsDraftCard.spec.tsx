import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createQueryClient } from '../../../api/query-client';
import { queryKeyOf } from '../../../api/query-keys';
import { api } from '../../../api/routes';
import {
  answer,
  failure,
  renderWithProviders,
  routeFetch,
  testUser,
  type FakeRoutes,
} from '../../../test/render';
import type { SmsDraftState } from '../../../api/phone';
import { SmsDraftCard } from './SmsDraftCard';

afterEach(() => {
  vi.unstubAllGlobals();
});

const draft = {
  hasDraft: true,
  hasValidPhone: true,
  needsRecipientFix: false,
  contactName: 'Mom',
  recipientDisplay: '+1 555 0100',
};

/** Renders with the app's own query client, so a retry the app would make shows in the calls. */
function renderCard(routes: FakeRoutes) {
  const fake = routeFetch(routes);
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  const client = createQueryClient();
  client.setQueryData(queryKeyOf(api.identity.currentUser), testUser);
  renderWithProviders(<SmsDraftCard message="Running late" context="" onClose={() => undefined} />, {
    client,
  });
  return fake.calls;
}

const sends = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/api/sms/send');

describe('SmsDraftCard', () => {
  it('asks who the text goes to, confirms, and sends it', async () => {
    const calls = renderCard({
      ...answer(api.telephony.smsDraft, draft),
      ...answer(api.telephony.smsSend, { success: true }),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this text?' });
    expect(within(dialog).getByText('Mom')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Message sent!')).toBeInTheDocument();
    expect(screen.getByText('Your text message has been sent to Mom')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sent' })).toBeDisabled();
    expect(sends(calls)).toEqual([
      { method: 'POST', path: '/api/sms/send', body: { message: 'Running late' } },
    ]);
  });

  it("shows 'Recipient Not Found', disabled, as soon as the card shows a draft without a valid recipient", async () => {
    const calls = renderCard({
      ...answer(api.telephony.smsDraft, {
        hasDraft: true,
        message: 'Running late',
        hasValidPhone: false,
        needsRecipientFix: true,
        recipientError: 'Recipient not found',
      }),
    });
    // No press: the card asked who the text goes to when it appeared.
    expect(await screen.findByRole('button', { name: 'Recipient Not Found' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    expect(screen.getByTestId('sms-recipient')).toHaveTextContent('Recipient not found');
    expect(screen.getByRole('button', { name: 'Copy text' })).toBeEnabled();
    expect(calls.filter((c) => c.path === '/api/sms/draft')).toHaveLength(1);
    expect(sends(calls)).toHaveLength(0);
  });

  it('names the recipient before the press when the draft has a valid phone', async () => {
    renderCard({ ...answer(api.telephony.smsDraft, draft) });
    expect(await screen.findByTestId('sms-recipient')).toHaveTextContent('To Mom');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('says nothing before the press about a draft that is not the latest (the service knows only that one)', async () => {
    const calls = renderCard({
      ...answer(api.telephony.smsDraft, {
        hasDraft: true,
        message: 'A later text to someone else',
        hasValidPhone: false,
        needsRecipientFix: true,
        recipientError: 'Recipient not found',
      }),
    });
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/sms/draft')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(screen.queryByTestId('sms-recipient')).not.toBeInTheDocument();
  });

  it('keeps what it learnt about its own draft when a later draft becomes the latest', async () => {
    let latest: SmsDraftState = {
      hasDraft: true,
      message: 'Running late',
      hasValidPhone: false,
      needsRecipientFix: true,
      recipientError: 'Recipient not found',
    };
    vi.stubGlobal('fetch', routeFetch({ 'GET /api/sms/draft': () => ({ body: latest }) }).fetch);
    const { queryClient } = renderWithProviders(
      <SmsDraftCard message="Running late" context="" onClose={() => undefined} />,
      { user: testUser },
    );
    expect(await screen.findByRole('button', { name: 'Recipient Not Found' })).toBeDisabled();
    latest = { ...draft, message: 'See you at noon' };
    await act(() => queryClient.refetchQueries({ queryKey: queryKeyOf(api.telephony.smsDraft) }));
    expect(queryClient.getQueryData(queryKeyOf(api.telephony.smsDraft))).toEqual(latest);
    expect(screen.getByRole('button', { name: 'Recipient Not Found' })).toBeDisabled();
  });

  it('disables Send when the press finds no valid recipient', async () => {
    let pressed = false;
    const calls = renderCard({
      'GET /api/sms/draft': () => ({
        body: pressed
          ? {
              ...draft,
              hasValidPhone: false,
              needsRecipientFix: true,
              recipientError: 'No phone number for Mom',
            }
          : draft,
      }),
    });
    const user = userEvent.setup();
    const send = await screen.findByRole('button', { name: 'Send' });
    await screen.findByTestId('sms-recipient');
    pressed = true;
    await user.click(send);
    expect(await screen.findByText('Recipient not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recipient Not Found' })).toBeDisabled();
    expect(sends(calls)).toHaveLength(0);
  });

  it("reports an answer of success: false with the server's error", async () => {
    renderCard({
      ...answer(api.telephony.smsDraft, draft),
      ...answer(api.telephony.smsSend, { success: false, error: 'The number is blocked' }),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.click(await screen.findByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    expect(screen.getByText('The number is blocked')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
  });

  it('sends a text only once when the call fails', async () => {
    const calls = renderCard({
      ...answer(api.telephony.smsDraft, draft),
      ...failure(api.telephony.smsSend, 502, { error: 'Bad gateway', code: 'BAD_GATEWAY' }),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.click(await screen.findByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Bad gateway')).toBeInTheDocument();
    expect(sends(calls)).toHaveLength(1);
  });

  it('reads the recipient afresh, once, on each press of Send', async () => {
    const calls = renderCard({
      ...failure(api.telephony.smsDraft, 503, { error: 'Phone service down', code: 'SERVICE_UNAVAILABLE' }),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Phone service down')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Send' }));
    // Once when the card showed, then once for each press.
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/sms/draft')).toHaveLength(3));
  });
});
