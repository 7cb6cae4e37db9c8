import type { FormEventHandler, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';

/**
 * The shell of a dialog that is a title, fields, Cancel and Save: one `<form>` (checked by the form kit, not by the
 * browser's bubbles) whose Save is its submit button and whose Enter submits. Closing is refused while saving.
 */
export function FormDialog({
  id,
  title,
  description,
  open = true,
  onClose,
  onSubmit,
  pending,
  submitLabel,
  pendingLabel = 'Saving...',
  alert,
  children,
  maxWidth = 'sm',
  fullScreen,
  sx,
  dividers,
}: {
  /** Prefix of the title's (and description's) element id, for the dialog's aria labels. */
  id: string;
  title: ReactNode;
  description?: ReactNode;
  open?: boolean;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  submitLabel: ReactNode;
  pendingLabel?: ReactNode;
  /** Shown above the fields: a refusal about no one field. */
  alert?: ReactNode;
  children: ReactNode;
  maxWidth?: DialogProps['maxWidth'];
  fullScreen?: boolean;
  sx?: DialogProps['sx'];
  dividers?: boolean;
}) {
  return (
    <Dialog
      open={open}
      onClose={() => !pending && onClose()}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={fullScreen}
      sx={sx}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
      >
        {/* The form between title and content defeats MUI's 'no top padding after a title' rule. */}
        <DialogContent dividers={dividers} sx={dividers ? undefined : { pt: 0 }}>
          {description && (
            <DialogContentText id={`${id}-description`} sx={{ mb: 2.5 }}>
              {description}
            </DialogContentText>
          )}
          <Stack spacing={2.5} sx={dividers || description ? undefined : { pt: 1 }}>
            {alert}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
