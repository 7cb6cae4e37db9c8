import { useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import type { PersonalityId } from '@jarvis/contracts';
import { PersonaPickerDialog } from './PersonaPickerDialog';
import { usePersonality, usePreviewPersonality, useSavePersonality } from './use-personas';

export const PREVIEW_FAILED_TEXT =
  "Sorry, I'm having trouble generating a preview right now. Please try again.";

interface Preview {
  id: string;
  name: string;
  text: string | null;
  loading: boolean;
}

/** Choose Jarvis's personality; a choice is saved on selection, and any can be previewed first (doc2 §2, §8). */
export function PersonalityDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { data, isLoading } = usePersonality();
  const save = useSavePersonality();
  const { mutateAsync: previewPersonality } = usePreviewPersonality();
  const [preview, setPreview] = useState<Preview | null>(null);

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
    <PersonaPickerDialog
      open={open}
      onClose={onClose}
      id="personality"
      title="Choose Jarvis's personality"
      header={preview && <PreviewPanel preview={preview} />}
      loading={isLoading}
      choices={data?.personalities ?? null}
      selectedId={data?.personalityId}
      loadErrorText="Could not load the personalities. Please try again later."
      save={save}
      saved={{
        title: 'Personality Updated',
        description: "Jarvis's personality has been changed successfully!",
      }}
      saveFailedText="Failed to update personality. Please try again."
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
  );
}

function PreviewPanel({ preview }: { preview: Preview }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2, bgcolor: 'action.hover' }} data-testid="personality-preview">
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
  );
}
