import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { ToastContext, type ToastInput } from './toast-context';

export const TOAST_DURATION_MS = 5_000;
/** F8 moves keyboard focus to the current toast (doc1 §9). */
export const TOAST_FOCUS_HOTKEY = 'F8';

interface ActiveToast extends ToastInput {
  id: number;
}

/** One toast at a time (a new one replaces the current), visible 5 s; errors use the destructive style. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ActiveToast | null>(null);
  const [open, setOpen] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === TOAST_FOCUS_HOTKEY) alertRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const toast = useCallback((input: ToastInput) => {
    setCurrent({ ...input, id: Date.now() + Math.random() });
    setOpen(true);
  }, []);

  const handleClose = (_event?: unknown, reason?: SnackbarCloseReason) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  const severity =
    current?.variant === 'destructive' ? 'error' : current?.variant === 'success' ? 'success' : 'info';

  return (
    <ToastContext.Provider value={toast}>
      {children}
      <Box role="region" aria-label="Notification">
        <Snackbar
          key={current?.id}
          open={open && current !== null}
          autoHideDuration={current?.durationMs ?? TOAST_DURATION_MS}
          onClose={handleClose}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          sx={{ maxWidth: { md: 420 } }}
        >
          <Alert
            ref={alertRef}
            tabIndex={-1}
            onClose={handleClose}
            severity={severity}
            variant={current?.variant === 'destructive' ? 'filled' : 'standard'}
            data-testid="toast"
            data-variant={current?.variant ?? 'default'}
            sx={{ width: '100%', boxShadow: 6, alignItems: 'flex-start' }}
          >
            <AlertTitle sx={{ mb: current?.description ? 0.25 : 0 }}>{current?.title}</AlertTitle>
            {current?.description}
          </Alert>
        </Snackbar>
      </Box>
    </ToastContext.Provider>
  );
}
