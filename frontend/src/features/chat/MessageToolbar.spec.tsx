import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../api/routes';
import {
  answer,
  failure,
  renderWithProviders,
  routeFetch,
  testUser,
  type FakeRoutes,
} from '../../test/render';
import { MessageToolbar } from './MessageToolbar';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderToolbar(routes: FakeRoutes, stored = true) {
  const fake = routeFetch(routes);
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  renderWithProviders(<MessageToolbar messageId="m1" text="Hello there" stored={stored} />, {
    user: testUser,
  });
  return fake.calls;
}

describe('MessageToolbar feedback', () => {
  it('sends a like and marks the button', async () => {
    const calls = renderToolbar(answer(api.chat.feedback, { success: true }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Like' }));
    expect(await screen.findByText('Feedback received')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Like' })).toBeEnabled();
    expect(calls).toEqual([
      { method: 'POST', path: '/api/chat/feedback', body: { messageId: 'm1', feedbackType: 'like' } },
    ]);
  });

  it('reports a failed dislike and leaves the buttons unmarked', async () => {
    renderToolbar(failure(api.chat.feedback, 500, { error: 'Boom', code: 'INTERNAL' }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Dislike' }));
    expect(await screen.findByText('Failed to submit feedback')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dislike' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Dislike' })).toBeEnabled();
  });

  it('takes no feedback on a message that is not stored yet', () => {
    renderToolbar({}, false);
    expect(screen.getByRole('button', { name: 'Like' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Dislike' })).toBeDisabled();
  });
});
