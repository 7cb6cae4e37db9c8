import { Suspense, useRef, useState, type ChangeEvent } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import { useToast } from '../../components/toast/toast-context';
import { lazyNamed } from '../../components/lazy-named';
import type { ToastFn } from '../../components/toast/toast-context';

const CameraDialog = lazyNamed(() => import('./CameraDialog'), 'CameraDialog');

/** Checks an image file and reads it; a problem is a toast with doc1's texts and null. */
export async function readImageForQuestion(file: File, toast: ToastFn): Promise<string | null> {
  const checks = await import('./image-checks');
  const problem = checks.imageFileProblem(file);
  if (problem) {
    toast({ ...problem, variant: 'destructive' });
    return null;
  }
  try {
    return await checks.readFileAsDataUrl(file);
  } catch {
    toast({ ...checks.INVALID_FILE, variant: 'destructive' });
    return null;
  }
}

/**
 * Image upload and camera capture in the chat input (doc1 §2). The chosen image goes to `onImage` with the prompt;
 * an upload takes the text typed so far as its prompt (`takePrompt`).
 */
export function ImageButtons({
  disabled,
  takePrompt,
  onImage,
}: {
  disabled: boolean;
  takePrompt: () => string;
  onImage: (imageData: string, prompt: string) => void;
}) {
  const { toast } = useToast();
  const fileRef = useRef<HTMLInputElement | null>(null);
  const [cameraOpen, setCameraOpen] = useState(false);
  // The dialog's code loads with the first press; it stays mounted after, so it closes with its animation.
  const [cameraLoaded, setCameraLoaded] = useState(false);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const imageData = await readImageForQuestion(file, toast);
    if (imageData) onImage(imageData, takePrompt());
  };

  return (
    <>
      <Tooltip title="Ask about an image">
        <span>
          <IconButton
            size="small"
            aria-label="Upload image"
            disabled={disabled}
            onClick={() => fileRef.current?.click()}
          >
            <ImageOutlinedIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <input
        ref={fileRef}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        hidden
        data-testid="image-upload-input"
        onChange={(e) => void onFile(e)}
      />
      <Tooltip title="Take a photo">
        <span>
          <IconButton
            size="small"
            aria-label="Take photo"
            disabled={disabled}
            onClick={() => {
              setCameraLoaded(true);
              setCameraOpen(true);
            }}
          >
            <PhotoCameraOutlinedIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      {cameraLoaded && (
        <Suspense fallback={null}>
          <CameraDialog open={cameraOpen} onClose={() => setCameraOpen(false)} onUsePhoto={onImage} />
        </Suspense>
      )}
    </>
  );
}
