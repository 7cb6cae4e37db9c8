import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MusicNoteOutlinedIcon from '@mui/icons-material/MusicNoteOutlined';
import TranslateIcon from '@mui/icons-material/Translate';
import { CardFrame } from './CardFrame';

export const VOICE_LATER_TEXT =
  'This needs the microphone and speech features, which arrive with the voice update. Nothing is being recorded.';

/** Interpreter mode as the reply set it up. Listening and translating arrive with the voice features. */
export function InterpreterCard({
  fromLanguage,
  toLanguage,
  mode,
  onClose,
}: {
  fromLanguage: string;
  toLanguage: string;
  mode: string;
  onClose: () => void;
}) {
  return (
    <CardFrame
      icon={<TranslateIcon fontSize="small" />}
      title="Interpreter mode"
      subtitle={mode}
      onClose={onClose}
      testId="interpreter-card"
    >
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }} useFlexGap flexWrap="wrap">
        <Chip size="small" label={fromLanguage} />
        <Typography variant="body2" color="text.secondary">
          to
        </Typography>
        <Chip size="small" color="primary" label={toLanguage} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {VOICE_LATER_TEXT}
      </Typography>
    </CardFrame>
  );
}

/** The music identifier. Listening to a song arrives with the voice features. */
export function MusicCard({ context, onClose }: { context: string; onClose: () => void }) {
  return (
    <CardFrame
      icon={<MusicNoteOutlinedIcon fontSize="small" />}
      title="Music identifier"
      subtitle={context || undefined}
      onClose={onClose}
      testId="music-card"
    >
      <Typography variant="body2" color="text.secondary">
        {VOICE_LATER_TEXT}
      </Typography>
    </CardFrame>
  );
}
