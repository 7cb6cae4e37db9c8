import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OnboardingTour } from './OnboardingTour';

describe('OnboardingTour', () => {
  it('walks through 8 steps with Previous disabled on the first and Complete on the last', async () => {
    const onFinish = vi.fn();
    const user = userEvent.setup();
    render(<OnboardingTour onFinish={onFinish} />);
    expect(screen.getByText('1 of 8')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('2 of 8')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('1 of 8')).toBeInTheDocument();
    for (let i = 0; i < 7; i++) await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('8 of 8')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    expect(onFinish).toHaveBeenCalledTimes(1);
  });

  it('can be skipped from any step', async () => {
    const onFinish = vi.fn();
    const user = userEvent.setup();
    render(<OnboardingTour onFinish={onFinish} />);
    await user.click(screen.getByRole('button', { name: 'Skip tour' }));
    expect(onFinish).toHaveBeenCalledTimes(1);
  });

  it('highlights the target element of a step, and centres steps without one', async () => {
    const target = document.createElement('div');
    target.setAttribute('data-tour', 'chat');
    target.getBoundingClientRect = () => ({
      top: 100,
      left: 400,
      width: 500,
      height: 300,
      right: 900,
      bottom: 400,
      x: 400,
      y: 100,
      toJSON: () => ({}),
    });
    document.body.appendChild(target);
    const user = userEvent.setup();
    render(<OnboardingTour onFinish={() => undefined} />);
    expect(screen.queryByTestId('onboarding-highlight')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('onboarding-tour')).toHaveAttribute('data-step', 'chat');
    await waitFor(() => expect(screen.getByTestId('onboarding-highlight')).toBeInTheDocument());
    // The voice target is absent: the card is centred again.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.queryByTestId('onboarding-highlight')).not.toBeInTheDocument());
    target.remove();
  });
});
