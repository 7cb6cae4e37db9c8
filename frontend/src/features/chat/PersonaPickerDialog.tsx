import { type ReactNode, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { UseMutationResult } from '@tanstack/react-query';
import { useToast } from '../../components/toast/toast-context';
import { PersonaChoiceList } from './PersonaChoiceList';
import { upgradeMessage } from './use-personas';

type Choices = Parameters<typeof PersonaChoiceList>[0]['choices'];

export interface PersonaPickerDialogProps<Id extends string> {
  open: boolean;
  onClose: () => void;
  /** Used for the dialog's accessible name. */
  id: string;
  title: ReactNode;
  /** Shown above the list (an intro text, a preview). */
  header?: ReactNode;
  loading: boolean;
  /** Null when the choices could not be loaded. */
  choices: Choices | null;
  selectedId: Id | undefined;
  loadErrorText: string;
  save: UseMutationResult<unknown, unknown, Id>;
  saved: { title: string; description: string };
  saveFailedText: string;
  secondaryAction?: Parameters<typeof PersonaChoiceList>[0]['secondaryAction'];
}

/**
 * The frame the personality and career pickers share: a choice is saved on selection with its toasts, a plan
 * refusal shows an upgrade hint instead of a failure, and loading and load failure have their own states.
 */
export function PersonaPickerDialog<Id extends string>(props: PersonaPickerDialogProps<Id>) {
  const {
    open,
    onClose,
    id,
    title,
    header,
    loading,
    choices,
    selectedId,
    loadErrorText,
    save,
    saved,
    saveFailedText,
  } = props;
  const { toast } = useToast();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [upgradeHint, setUpgradeHint] = useState<string | null>(null);

  const select = (choice: string) => {
    setUpgradeHint(null);
    save.mutate(choice as Id, {
      onSuccess: () => toast({ ...saved, variant: 'success' }),
      onError: (error) => {
        const hint = upgradeMessage(error);
        if (hint) setUpgradeHint(hint);
        else toast({ title: 'Update Failed', description: saveFailedText, variant: 'destructive' });
      },
    });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={`${id}-title`}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent dividers>
        {upgradeHint && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="upgrade-hint">
            {upgradeHint} Upgrade your plan in Account to unlock it.
          </Alert>
        )}
        {header}
        {loading ? (
          <Stack spacing={1}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} variant="rounded" height={64} />
            ))}
          </Stack>
        ) : !choices ? (
          <Alert severity="error">{loadErrorText}</Alert>
        ) : (
          <PersonaChoiceList
            choices={choices}
            selectedId={selectedId}
            disabled={save.isPending}
            onSelect={select}
            secondaryAction={props.secondaryAction}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
