import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import type { QuickResponseShortcut } from '@jarvis/contracts';
import { serverMessageOr } from '../../api/client';
import { useToast } from '../../components/toast/toast-context';
import {
  EMPTY_SHORTCUT_FORM,
  formOf,
  shortcutFormErrors,
  toShortcutInput,
  type ShortcutForm,
} from './shortcut-form';
import { useSaveShortcut } from './use-shortcuts';

/** Add or edit a shortcut: name, trigger phrases, response template and the active flag (doc2 §2, §5). */
export function ShortcutDialog({
  shortcut,
  onClose,
}: {
  shortcut: QuickResponseShortcut | null;
  onClose: () => void;
}) {
  const { toast } = useToast();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const save = useSaveShortcut();
  const [form, setForm] = useState<ShortcutForm>(shortcut ? formOf(shortcut) : EMPTY_SHORTCUT_FORM);
  const [touched, setTouched] = useState(false);
  const errors = touched ? shortcutFormErrors(form) : {};
  const editing = shortcut !== null;

  const set = (patch: Partial<ShortcutForm>) => setForm((f) => ({ ...f, ...patch }));

  const submit = () => {
    setTouched(true);
    const problems = shortcutFormErrors(form);
    if (problems.name || problems.responseTemplate) return;
    save.mutate(
      { id: shortcut?.id, input: toShortcutInput(form) },
      {
        onSuccess: () => {
          toast({
            title: 'Success',
            description: editing ? 'Shortcut updated' : 'Shortcut created',
            variant: 'success',
          });
          onClose();
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: serverMessageOr(
              error,
              editing ? 'Failed to update shortcut' : 'Failed to create shortcut',
            ),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <Dialog
      open
      onClose={() => !save.isPending && onClose()}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="shortcut-title"
    >
      <DialogTitle id="shortcut-title">{editing ? 'Edit Shortcut' : 'New Shortcut'}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <TextField
            autoFocus
            label="Name"
            value={form.name}
            onChange={(e) => set({ name: e.target.value })}
            error={Boolean(errors.name)}
            helperText={errors.name}
            fullWidth
          />
          <Stack spacing={1}>
            <Typography variant="subtitle2">Trigger phrases</Typography>
            <Typography variant="body2" color="text.secondary">
              When a chat message is one of these phrases (any capitalisation), Jarvis answers with the
              template right away.
            </Typography>
            {form.triggerPhrases.map((phrase, index) => (
              <Stack key={index} direction="row" spacing={1} alignItems="center">
                <TextField
                  size="small"
                  fullWidth
                  placeholder="e.g. what are your hours"
                  value={phrase}
                  onChange={(e) =>
                    set({
                      triggerPhrases: form.triggerPhrases.map((p, i) => (i === index ? e.target.value : p)),
                    })
                  }
                  slotProps={{ htmlInput: { 'aria-label': `Trigger phrase ${index + 1}` } }}
                />
                {form.triggerPhrases.length > 1 && (
                  <Tooltip title="Remove phrase">
                    <IconButton
                      aria-label={`Remove trigger phrase ${index + 1}`}
                      onClick={() =>
                        set({ triggerPhrases: form.triggerPhrases.filter((_p, i) => i !== index) })
                      }
                    >
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
              </Stack>
            ))}
            <Button
              size="small"
              startIcon={<AddIcon />}
              sx={{ alignSelf: 'flex-start' }}
              onClick={() => set({ triggerPhrases: [...form.triggerPhrases, ''] })}
            >
              Add Phrase
            </Button>
          </Stack>
          <TextField
            label="Response template"
            multiline
            minRows={3}
            value={form.responseTemplate}
            onChange={(e) => set({ responseTemplate: e.target.value })}
            error={Boolean(errors.responseTemplate)}
            helperText={errors.responseTemplate}
            fullWidth
          />
          <FormControlLabel
            control={<Switch checked={form.isActive} onChange={(e) => set({ isActive: e.target.checked })} />}
            label="Active"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : editing ? 'Save Changes' : 'Create Shortcut'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
