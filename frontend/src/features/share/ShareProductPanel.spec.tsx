import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { ShareProductPanel } from './ShareProductPanel';

afterEach(() => {
  vi.useRealTimers();
});

describe('ShareProductPanel', () => {
  it('copies the site link and confirms for 2 seconds', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<ShareProductPanel />, { user: null });
    expect(screen.getByRole('link', { name: window.location.origin })).toHaveAttribute(
      'href',
      window.location.origin,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy Link' }));
    });
    expect(writeText).toHaveBeenCalledWith(window.location.origin);
    expect(screen.getByText('Link copied to clipboard!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_999));
    expect(screen.getByText('Link copied to clipboard!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Link copied to clipboard!')).not.toBeInTheDocument();
  });

  it('offers an e-mail invitation and lists the benefits', () => {
    renderWithProviders(<ShareProductPanel />, { user: null });
    const invite = screen.getByRole('link', { name: 'Send Email Invitation' });
    expect(invite.getAttribute('href')).toMatch(/^mailto:\?subject=.+&body=.+/);
    expect(decodeURIComponent(invite.getAttribute('href') ?? '')).toContain(window.location.origin);
    for (const benefit of [
      'Chat with memory',
      'Reminders',
      'Phone message handling',
      'Voice',
      'Calendar integration',
    ]) {
      expect(screen.getByText(benefit)).toBeInTheDocument();
    }
  });
});
