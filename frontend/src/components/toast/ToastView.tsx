import { useRef, useState, type PointerEvent, type Ref } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { TOAST_DURATION_MS, type ToastInput } from './toast-context';

/** A toast swiped this far to the right is dismissed (doc1 §9). */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

/**
 * Swipe right to dismiss (doc1 §9): the toast follows the finger or pointer to the right, and goes once it has moved
 * TOAST_SWIPE_THRESHOLD_PX; a shorter swipe springs back.
 */
function useSwipeToDismiss(onDismiss: () => void) {
  const startX = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  const end = (event: PointerEvent<HTMLElement>) => {
    if (startX.current === null) return;
    const moved = event.clientX - startX.current;
    startX.current = null;
    setOffset(0);
    if (moved >= TOAST_SWIPE_THRESHOLD_PX) onDismiss();
  };
  return {
    offset,
    handlers: {
      onPointerDown: (event: PointerEvent<HTMLElement>) => {
        if (event.button !== 0) return;
        // The close button and links keep their own presses.
        if ((event.target as HTMLElement).closest('button, a')) return;
        startX.current = event.clientX;
        event.currentTarget.setPointerCapture?.(event.pointerId);
      },
      onPointerMove: (event: PointerEvent<HTMLElement>) => {
        if (startX.current !== null) setOffset(Math.max(0, event.clientX - startX.current));
      },
      onPointerUp: end,
      onPointerCancel: () => {
        startX.current = null;
        setOffset(0);
      },
    },
  };
}

/** The shown toast: a snackbar at the bottom right with an alert, the destructive style for errors. */
export function ToastView({
  toast,
  open,
  alertRef,
  onClose,
}: {
  toast: ToastInput & { id: number };
  open: boolean;
  alertRef: Ref<HTMLDivElement>;
  onClose: () => void;
}) {
  const handleClose = (_event?: unknown, reason?: SnackbarCloseReason) => {
    if (reason === 'clickaway') return;
    onClose();
  };
  const swipe = useSwipeToDismiss(onClose);
  const severity =
    toast.variant === 'destructive' ? 'error' : toast.variant === 'success' ? 'success' : 'info';
  return (
    <Snackbar
      key={toast.id}
      open={open}
      autoHideDuration={toast.durationMs ?? TOAST_DURATION_MS}
      onClose={handleClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      sx={{ maxWidth: { md: 420 } }}
    >
      {/* The snackbar's transition owns this box's transform; the swipe moves the alert inside it. */}
      <Box sx={{ width: '100%' }}>
        <Alert
          ref={alertRef}
          tabIndex={-1}
          onClose={handleClose}
          severity={severity}
          variant={toast.variant === 'destructive' ? 'filled' : 'standard'}
          data-testid="toast"
          data-variant={toast.variant ?? 'default'}
          {...swipe.handlers}
          style={
            swipe.offset
              ? {
                  transform: `translateX(${swipe.offset}px)`,
                  opacity: Math.max(0.3, 1 - swipe.offset / (TOAST_SWIPE_THRESHOLD_PX * 3)),
                }
              : undefined
          }
          // Vertical scrolling stays the browser's; a sideways move is the swipe.
          sx={{ width: '100%', boxShadow: 6, alignItems: 'flex-start', touchAction: 'pan-y' }}
        >
          <AlertTitle sx={{ mb: toast.description ? 0.25 : 0 }}>{toast.title}</AlertTitle>
          {toast.description}
        </Alert>
      </Box>
    </Snackbar>
  );
}
