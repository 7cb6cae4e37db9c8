import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import CameraAltIcon from '@mui/icons-material/CameraAlt';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import FlipCameraIosOutlinedIcon from '@mui/icons-material/FlipCameraIosOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { useToast } from '../../components/toast/toast-context';
import {
  CAMERA_ERRORS,
  cameraProblemOf,
  captureFrame,
  openCamera,
  stopStream,
  type CameraProblem,
  type CameraState,
  type Facing,
} from './camera';
import { INVALID_FILE, readFileAsDataUrl } from './image-checks';

/**
 * Camera Vision (doc1 §2, §4): a live preview, switch camera, Capture Photo → Retake / Use Photo, an optional prompt
 * and an upload fallback. Opening starts the camera; closing stops it and forgets everything.
 */
export function CameraDialog({
  open,
  onClose,
  onUsePhoto,
}: {
  open: boolean;
  onClose: () => void;
  onUsePhoto: (imageData: string, prompt: string) => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="camera-title"
      slotProps={{
        paper: { sx: { m: { xs: 1, sm: 4 }, width: { xs: 'calc(100% - 16px)', sm: undefined } } },
      }}
    >
      {/* Mounted while open, so each opening starts afresh and closing forgets everything. */}
      {open && <CameraBody onClose={onClose} onUsePhoto={onUsePhoto} />}
    </Dialog>
  );
}

function CameraBody({
  onClose,
  onUsePhoto,
}: {
  onClose: () => void;
  onUsePhoto: (imageData: string, prompt: string) => void;
}) {
  const { toast } = useToast();
  const [state, setState] = useState<CameraState>('loading');
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [facing, setFacing] = useState<Facing>('user');
  const [photo, setPhoto] = useState<string | null>(null);
  const [prompt, setPrompt] = useState('');
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const fileRef = useRef<HTMLInputElement | null>(null);
  const attempt = useRef(0);

  const stop = useCallback(() => {
    attempt.current += 1;
    stopStream(streamRef.current);
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
  }, []);

  /** Opens the camera; its state changes only when the camera answers (the caller shows 'loading'). */
  const connect = useCallback(
    (which: Facing) => {
      stop();
      const mine = attempt.current;
      openCamera(which).then(
        (stream) => {
          if (mine !== attempt.current) return stopStream(stream);
          streamRef.current = stream;
          setState('active');
        },
        (error: unknown) => {
          if (mine !== attempt.current) return;
          setProblem(cameraProblemOf(error));
          setState('error');
        },
      );
    },
    [stop],
  );

  const start = (which: Facing) => {
    setState('loading');
    setProblem(null);
    connect(which);
  };

  // Opening starts the camera; closing stops the stream.
  useEffect(() => {
    connect('user');
    return stop;
  }, [connect, stop]);

  // The preview shows whenever the camera is active (after a retake too).
  useEffect(() => {
    const video = videoRef.current;
    if (state === 'active' && video && streamRef.current && video.srcObject !== streamRef.current) {
      video.srcObject = streamRef.current;
      void video.play?.()?.catch?.(() => undefined);
    }
  }, [state]);

  const capture = () => {
    if (state !== 'active' || !videoRef.current) return;
    try {
      setPhoto(captureFrame(videoRef.current));
      setState('captured');
    } catch {
      toast({ title: 'Capture failed', description: 'Please try again.', variant: 'destructive' });
    }
  };

  const retake = () => {
    setPhoto(null);
    if (streamRef.current) setState('active');
    else start(facing);
  };

  const switchCamera = () => {
    const next: Facing = facing === 'user' ? 'environment' : 'user';
    setFacing(next);
    start(next);
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast({ ...INVALID_FILE, variant: 'destructive' });
      return;
    }
    try {
      setPhoto(await readFileAsDataUrl(file));
      stop();
      setState('captured');
    } catch {
      toast({ ...INVALID_FILE, variant: 'destructive' });
    }
  };

  const use = () => {
    if (!photo) return;
    onUsePhoto(photo, prompt.trim());
    onClose();
  };

  const error = problem ? CAMERA_ERRORS[problem] : null;
  return (
    <>
      <DialogTitle id="camera-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <CameraAltIcon color="primary" />
        <Box sx={{ flexGrow: 1 }}>Camera Vision</Box>
        <IconButton aria-label="Close camera" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Box
          data-testid="camera-view"
          data-state={state}
          sx={{
            position: 'relative',
            width: '100%',
            aspectRatio: '4 / 3',
            borderRadius: 2,
            overflow: 'hidden',
            bgcolor: 'grey.900',
            display: 'grid',
            placeItems: 'center',
          }}
        >
          <Box
            component="video"
            ref={videoRef}
            autoPlay
            playsInline
            muted
            aria-label="Camera preview"
            sx={{
              width: '100%',
              height: '100%',
              objectFit: 'cover',
              display: state === 'active' ? 'block' : 'none',
              transform: facing === 'user' ? 'scaleX(-1)' : 'none',
            }}
          />
          {state === 'captured' && photo && (
            <Box
              component="img"
              src={photo}
              alt="Captured photo"
              sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
            />
          )}
          {state === 'loading' && (
            <Stack alignItems="center" spacing={1} sx={{ color: 'grey.100' }}>
              <CircularProgress color="inherit" size={32} />
              <Box component="span" sx={{ typography: 'body2' }}>
                Starting camera...
              </Box>
            </Stack>
          )}
          {state === 'error' && error && (
            <Alert severity="error" sx={{ m: 2 }} data-testid="camera-error">
              <AlertTitle>{error.title}</AlertTitle>
              {error.description}
            </Alert>
          )}
          {state === 'active' && (
            <Tooltip title="Switch camera">
              <IconButton
                aria-label="Switch camera"
                onClick={switchCamera}
                sx={{
                  position: 'absolute',
                  top: 8,
                  right: 8,
                  bgcolor: 'rgba(0,0,0,0.45)',
                  color: 'common.white',
                  '&:hover': { bgcolor: 'rgba(0,0,0,0.6)' },
                }}
              >
                <FlipCameraIosOutlinedIcon />
              </IconButton>
            </Tooltip>
          )}
        </Box>
        <TextField
          fullWidth
          size="small"
          margin="normal"
          label="Add a prompt (optional)"
          placeholder="What would you like to know about this image?"
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <Button size="small" startIcon={<UploadFileOutlinedIcon />} onClick={() => fileRef.current?.click()}>
          Upload image
        </Button>
        <input
          ref={fileRef}
          type="file"
          accept="image/*"
          hidden
          onChange={(e) => void upload(e)}
          data-testid="camera-upload-input"
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {state === 'captured' ? (
          <>
            <Button startIcon={<ReplayIcon />} onClick={retake}>
              Retake
            </Button>
            <Button variant="contained" startIcon={<CheckIcon />} onClick={use}>
              Use Photo
            </Button>
          </>
        ) : state === 'error' ? (
          <Button variant="contained" startIcon={<ReplayIcon />} onClick={() => start(facing)}>
            Try again
          </Button>
        ) : (
          <Button
            variant="contained"
            startIcon={<CameraAltIcon />}
            onClick={capture}
            disabled={state !== 'active'}
          >
            Capture Photo
          </Button>
        )}
      </DialogActions>
    </>
  );
}
