import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryKeyOf } from '../../api/query-keys';
import { api } from '../../api/routes';
import { testQueryClient, testUser } from '../../test/render';
import { AuthCallbackPage } from './AuthCallbackPage';

afterEach(() => {
  vi.useRealTimers();
});

function renderAt(url: string) {
  const client = testQueryClient(testUser);
  const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/auth/callback" element={<AuthCallbackPage />} />
          <Route path="/" element={<p>home page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return invalidate;
}

describe('AuthCallbackPage', () => {
  it('refreshes the user and goes to / after 0.5 s on success', () => {
    vi.useFakeTimers();
    const invalidate = renderAt('/auth/callback?auth=success');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeyOf(api.identity.currentUser) });
    act(() => vi.advanceTimersByTime(499));
    expect(screen.queryByText('home page')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('home page')).toBeInTheDocument();
  });

  it('shows the error and goes to / after 2 s', () => {
    vi.useFakeTimers();
    const invalidate = renderAt('/auth/callback?error=access_denied');
    expect(screen.getByText('access_denied')).toBeInTheDocument();
    expect(invalidate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1_999));
    expect(screen.queryByText('home page')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('home page')).toBeInTheDocument();
  });

  it('behaves as success when neither parameter is present', () => {
    vi.useFakeTimers();
    const invalidate = renderAt('/auth/callback');
    expect(invalidate).toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByText('home page')).toBeInTheDocument();
  });
});
