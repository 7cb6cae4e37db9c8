import type { Ref } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { TOAST_DURATION_MS, type ToastInput } from './toast-context';

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
      <Alert
        ref={alertRef}
        tabIndex={-1}
        onClose={handleClose}
        severity={severity}
        variant={toast.variant === 'destructive' ? 'filled' : 'standard'}
        data-testid="toast"
        data-variant={toast.variant ?? 'default'}
        sx={{ width: '100%', boxShadow: 6, alignItems: 'flex-start' }}
      >
        <AlertTitle sx={{ mb: toast.description ? 0.25 : 0 }}>{toast.title}</AlertTitle>
        {toast.description}
      </Alert>
    </Snackbar>
  );
}
