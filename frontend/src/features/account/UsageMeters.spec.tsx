import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QuotaUsage } from '@jarvis/contracts';
import { api } from '../../api/routes';
import { answer, failure, renderWithProviders, routeFetch, testUser } from '../../test/render';
import { UsageMeters } from './UsageMeters';

afterEach(() => vi.unstubAllGlobals());

const resetsAt = '2026-07-02T04:00:00.000Z';
const quota = (
  kind: QuotaUsage['kind'],
  label: string,
  unit: string,
  used: number,
  limit: QuotaUsage['limit'],
): QuotaUsage => ({
  kind,
  label,
  unit,
  used,
  limit,
  resetsAt,
});

describe('UsageMeters', () => {
  it("shows a meter for each of today's quotas with used / limit, the plan's absences and the reset time", async () => {
    vi.stubGlobal(
      'fetch',
      routeFetch(
        answer(api.billing.usage, {
          outgoingCallsThisMonth: 0,
          limit: 0,
          quotas: [
            quota('chat_messages', 'Chat messages', 'messages', 42, 50),
            quota('speech_characters', 'Speech', 'characters', 1200, 5000),
            quota('outgoing_calls', 'Outgoing calls', 'calls', 0, 0),
          ],
        }),
      ).fetch,
    );
    renderWithProviders(<UsageMeters />, { user: testUser });
    const chat = await screen.findByTestId('quota-chat_messages');
    expect(chat).toHaveTextContent('Chat messages');
    expect(chat).toHaveTextContent('42 / 50 messages');
    expect(within(chat).getByRole('progressbar', { name: 'Chat messages used today' })).toHaveAttribute(
      'aria-valuenow',
      '84',
    );
    expect(screen.getByTestId('quota-speech_characters')).toHaveTextContent('1,200 / 5,000 characters');
    expect(screen.getByTestId('quota-outgoing_calls')).toHaveTextContent('Not included in your plan');
    expect(screen.getByTestId('account-usage-resets')).toHaveTextContent('They reset at 12:00 AM ET.');
  });

  it('shows Unlimited on enterprise, with what was used', async () => {
    vi.stubGlobal(
      'fetch',
      routeFetch(
        answer(api.billing.usage, {
          outgoingCallsThisMonth: 3,
          limit: 'unlimited',
          quotas: [quota('chat_messages', 'Chat messages', 'messages', 1234, 'unlimited')],
        }),
      ).fetch,
    );
    renderWithProviders(<UsageMeters />, { user: { ...testUser, subscriptionTier: 'enterprise' } });
    expect(await screen.findByTestId('quota-chat_messages')).toHaveTextContent('1,234 used · Unlimited');
  });

  it('says when the usage could not be loaded and tries again', async () => {
    const fake = routeFetch(
      failure(api.billing.usage, 503, { error: 'billing is down', code: 'SERVICE_UNAVAILABLE' }),
    );
    vi.stubGlobal('fetch', fake.fetch);
    renderWithProviders(<UsageMeters />, { user: testUser });
    expect(
      await screen.findByText('Your usage could not be loaded.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    const before = fake.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(fake.calls.length).toBeGreaterThan(before);
  });
});
