import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import MicNoneOutlinedIcon from '@mui/icons-material/MicNoneOutlined';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import type { VoiceBarAction } from './VoiceBar';

/**
 * The image, camera and voice controls as they look at rest, for the first paint. Their code (VoiceBar) loads when
 * the input is pointed at or focused; pressing one here loads it and carries the press out.
 */
export function VoiceBarPlaceholder({
  sending,
  onPress,
}: {
  sending: boolean;
  onPress: (action: VoiceBarAction) => void;
}) {
  return (
    <>
      <IconButton size="small" aria-label="Upload image" disabled={sending} onClick={() => onPress('upload')}>
        <ImageOutlinedIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" aria-label="Take photo" disabled={sending} onClick={() => onPress('camera')}>
        <PhotoCameraOutlinedIcon fontSize="small" />
      </IconButton>
      <Button
        size="small"
        variant="outlined"
        startIcon={<MicNoneOutlinedIcon fontSize="small" />}
        aria-label="Talk"
        onClick={() => onPress('talk')}
        sx={{ display: { xs: 'none', md: 'inline-flex' }, minWidth: 0, px: 1.25, borderRadius: 5 }}
      >
        TALK
      </Button>
      <Chip
        size="small"
        variant="outlined"
        clickable
        label="Hey Jarvis OFF"
        onClick={() => onPress('wake')}
      />
      <Chip
        size="small"
        variant="outlined"
        clickable
        label="Always OFF"
        onClick={() => onPress('continuous')}
      />
    </>
  );
}
