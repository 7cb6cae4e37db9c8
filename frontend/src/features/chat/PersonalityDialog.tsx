import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import type { PersonalityId } from '@jarvis/contracts';
import { previewPersonality } from '../../api/chat';
import { useToast } from '../../components/toast/toast-context';
import { PersonaChoiceList } from './PersonaChoiceList';
import { upgradeMessage, usePersonality, useSavePersonality } from './use-personas';

export const PREVIEW_FAILED_TEXT =
  "Sorry, I'm having trouble generating a preview right now. Please try again.";

/** Choose Jarvis's personality; a choice is saved on selection, and any can be previewed first (doc2 §2, §8). */
export function PersonalityDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { toast } = useToast();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { data, isLoading, isError } = usePersonality();
  const save = useSavePersonality();
  const [upgradeHint, setUpgradeHint] = useState<string | null>(null);
  const [preview, setPreview] = useState<{
    id: string;
    name: string;
    text: string | null;
    loading: boolean;
  } | null>(null);

  const select = (id: string) => {
    setUpgradeHint(null);
    save.mutate(id as PersonalityId, {
      onSuccess: () =>
        toast({
          title: 'Personality Updated',
          description: "Jarvis's personality has been changed successfully!",
          variant: 'success',
        }),
      onError: (error) => {
        const hint = upgradeMessage(error);
        if (hint) setUpgradeHint(hint);
        else
          toast({
            title: 'Update Failed',
            description: 'Failed to update personality. Please try again.',
            variant: 'destructive',
          });
      },
    });
  };

  const showPreview = async (id: string, name: string) => {
    setPreview({ id, name, text: null, loading: true });
    let text: string;
    try {
      text = (await previewPersonality(id as PersonalityId)) || PREVIEW_FAILED_TEXT;
    } catch {
      text = PREVIEW_FAILED_TEXT;
    }
    setPreview((p) => (p?.id === id ? { id, name, text, loading: false } : p));
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="personality-title"
    >
      <DialogTitle id="personality-title">Choose Jarvis&apos;s personality</DialogTitle>
      <DialogContent dividers>
        {upgradeHint && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="upgrade-hint">
            {upgradeHint} Upgrade your plan in Account to unlock it.
          </Alert>
        )}
        {preview && (
          <Paper
            variant="outlined"
            sx={{ p: 2, mb: 2, bgcolor: 'action.hover' }}
            data-testid="personality-preview"
          >
            <Typography variant="overline" color="text.secondary">
              Preview: {preview.name}
            </Typography>
            {preview.loading ? (
              <Stack direction="row" spacing={1} alignItems="center">
                <CircularProgress size={16} />
                <Typography variant="body2" color="text.secondary">
                  Generating a sample reply...
                </Typography>
              </Stack>
            ) : (
              <Typography variant="body2">{preview.text}</Typography>
            )}
          </Paper>
        )}
        {isLoading ? (
          <Stack spacing={1}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} variant="rounded" height={64} />
            ))}
          </Stack>
        ) : isError || !data ? (
          <Alert severity="error">Could not load the personalities. Please try again later.</Alert>
        ) : (
          <PersonaChoiceList
            choices={data.personalities}
            selectedId={data.personalityId}
            disabled={save.isPending}
            onSelect={select}
            secondaryAction={(choice) => (
              <Tooltip title="Preview a reply">
                <Box component="span">
                  <IconButton
                    aria-label={`Preview ${choice.name}`}
                    onClick={() => void showPreview(choice.id, choice.name)}
                  >
                    <VisibilityOutlinedIcon fontSize="small" />
                  </IconButton>
                </Box>
              </Tooltip>
            )}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
