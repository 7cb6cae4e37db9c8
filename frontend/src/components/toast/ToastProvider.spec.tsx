import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ToastProvider } from './ToastProvider';
import { TOAST_SWIPE_THRESHOLD_PX } from './ToastView';
import { useToast } from './toast-context';

function Buttons() {
  const { toast } = useToast();
  return (
    <>
      <button onClick={() => toast({ title: 'First' })}>first</button>
      <button onClick={() => toast({ title: 'Broken', description: 'It failed', variant: 'destructive' })}>
        second
      </button>
    </>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows one toast at a time, destructive for errors, and hides it after 5 s', async () => {
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('first'));
    // The first toast loads the snackbar's code.
    expect(await screen.findByText('First')).toBeInTheDocument();
    vi.useFakeTimers();
    fireEvent.click(screen.getByText('second'));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.getByTestId('toast')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByText('It failed')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4_900));
    expect(screen.getByText('Broken')).toBeInTheDocument();
    // 5 s visible, then the exit transition.
    act(() => vi.advanceTimersByTime(200));
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.queryByText('Broken')).not.toBeInTheDocument();
  });

  it('is dismissed by a swipe of 50 px to the right, and springs back from a shorter one', async () => {
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('first'));
    const toast = await screen.findByTestId('toast');
    const swipe = (dx: number) => {
      fireEvent.pointerDown(toast, { clientX: 100, button: 0, pointerId: 1 });
      fireEvent.pointerMove(toast, { clientX: 100 + dx, pointerId: 1 });
      fireEvent.pointerUp(toast, { clientX: 100 + dx, pointerId: 1 });
    };
    swipe(TOAST_SWIPE_THRESHOLD_PX - 10);
    expect(screen.getByText('First')).toBeVisible();
    expect(toast.style.transform).toBe('');
    // A move left is no swipe either.
    swipe(-80);
    expect(screen.getByText('First')).toBeInTheDocument();
    fireEvent.pointerDown(toast, { clientX: 100, button: 0, pointerId: 1 });
    fireEvent.pointerMove(toast, { clientX: 130, pointerId: 1 });
    expect(toast.style.transform).toBe('translateX(30px)');
    fireEvent.pointerUp(toast, { clientX: 100 + TOAST_SWIPE_THRESHOLD_PX, pointerId: 1 });
    await waitFor(() => expect(screen.queryByText('First')).not.toBeInTheDocument());
  });

  it("sits in the 'Notification' region and F8 focuses it", async () => {
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('second'));
    expect(screen.getByRole('region', { name: 'Notification' })).toContainElement(
      await screen.findByTestId('toast'),
    );
    fireEvent.keyDown(window, { key: 'F8' });
    expect(screen.getByTestId('toast')).toHaveFocus();
  });
});
