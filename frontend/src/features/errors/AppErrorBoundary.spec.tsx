import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppErrorBoundary } from './AppErrorBoundary';

let shouldThrow = true;
function Fragile() {
  if (shouldThrow) throw new Error('boom');
  return <p>all good</p>;
}

describe('AppErrorBoundary', () => {
  it('shows the Application Error screen; Try Again clears it and Reload Page reloads', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onReload = vi.fn();
    const user = userEvent.setup();
    shouldThrow = true;
    render(
      <AppErrorBoundary onReload={onReload}>
        <Fragile />
      </AppErrorBoundary>,
    );
    expect(screen.getByText('Application Error')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Something went wrong while running the application. This might be a temporary issue.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(onReload).toHaveBeenCalledTimes(1);
    shouldThrow = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('all good')).toBeInTheDocument();
  });
});
