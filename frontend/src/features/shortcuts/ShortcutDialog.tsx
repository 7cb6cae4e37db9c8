import Button from '@mui/material/Button';
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
import { FormDialog } from '../../forms/FormDialog';
import { textFieldOf, useContractForm } from '../../forms/contract-form';
import {
  EMPTY_SHORTCUT_FORM,
  formOf,
  shortcutForm,
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
  const form = useContractForm<ShortcutForm>(shortcutForm, shortcut ? formOf(shortcut) : EMPTY_SHORTCUT_FORM);
  const triggerPhrases = form.watch('triggerPhrases');
  const isActive = form.watch('isActive');
  const editing = shortcut !== null;

  const setPhrases = (phrases: string[]) => form.setValue('triggerPhrases', phrases);

  const submit = form.handleSubmit((values) => {
    save.mutate(
      { id: shortcut?.id, input: toShortcutInput(values) },
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
  });

  return (
    <FormDialog
      id="shortcut"
      title={editing ? 'Edit Shortcut' : 'New Shortcut'}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      submitLabel={editing ? 'Save Changes' : 'Create Shortcut'}
      fullScreen={fullScreen}
      dividers
    >
      <TextField autoFocus label="Name" {...textFieldOf(form, 'name')} fullWidth />
      <Stack spacing={1}>
        <Typography variant="subtitle2">Trigger phrases</Typography>
        <Typography variant="body2" color="text.secondary">
          When a chat message is one of these phrases (any capitalisation), Jarvis answers with the template
          right away.
        </Typography>
        {triggerPhrases.map((phrase, index) => (
          <Stack key={index} direction="row" spacing={1} alignItems="center">
            <TextField
              size="small"
              fullWidth
              placeholder="e.g. what are your hours"
              value={phrase}
              onChange={(e) => setPhrases(triggerPhrases.map((p, i) => (i === index ? e.target.value : p)))}
              slotProps={{ htmlInput: { 'aria-label': `Trigger phrase ${index + 1}` } }}
            />
            {triggerPhrases.length > 1 && (
              <Tooltip title="Remove phrase">
                <IconButton
                  aria-label={`Remove trigger phrase ${index + 1}`}
                  onClick={() => setPhrases(triggerPhrases.filter((_p, i) => i !== index))}
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
          onClick={() => setPhrases([...triggerPhrases, ''])}
        >
          Add Phrase
        </Button>
      </Stack>
      <TextField
        label="Response template"
        multiline
        minRows={3}
        {...textFieldOf(form, 'responseTemplate')}
        fullWidth
      />
      <FormControlLabel
        control={<Switch checked={isActive} onChange={(e) => form.setValue('isActive', e.target.checked)} />}
        label="Active"
      />
    </FormDialog>
  );
}
