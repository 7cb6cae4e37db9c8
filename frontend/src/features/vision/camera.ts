/** Camera access gives up after 10 s (doc1 §9). */
export const CAMERA_TIMEOUT_MS = 10_000;
/** The captured photo's longest side, so a PNG stays well under the 5 MB image limit. */
export const CAPTURE_MAX_SIDE = 1280;

export type CameraState = 'idle' | 'loading' | 'active' | 'captured' | 'error';
export type Facing = 'user' | 'environment';
export type CameraProblem = 'denied' | 'not-found' | 'in-use' | 'timeout' | 'unsupported';

/** The five camera errors of doc1 §8. */
export const CAMERA_ERRORS: Record<CameraProblem, { title: string; description: string }> = {
  denied: {
    title: 'Camera access denied',
    description: 'Please allow camera access in your browser settings, or upload an image instead.',
  },
  'not-found': {
    title: 'No camera detected',
    description: 'Connect a camera and try again, or upload an image instead.',
  },
  'in-use': {
    title: 'Camera in use',
    description: 'Another app is using the camera. Close it and try again, or upload an image instead.',
  },
  timeout: {
    title: 'Camera access timed out',
    description: 'The camera did not start within 10 seconds. Try again, or upload an image instead.',
  },
  unsupported: {
    title: 'Camera not supported',
    description: 'This browser cannot use a camera here. Upload an image instead.',
  },
};

export function cameraSupported(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

class CameraTimeout extends Error {
  constructor() {
    super('Camera access timed out');
    this.name = 'CameraTimeout';
  }
}

/** Which of the five problems a getUserMedia failure is. */
export function cameraProblemOf(error: unknown): CameraProblem {
  if (error instanceof CameraTimeout) return 'timeout';
  const name = (error as { name?: string } | null)?.name;
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'not-found';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'in-use';
    case 'TypeError':
      return 'unsupported';
    default:
      return 'in-use';
  }
}

/**
 * Opens the camera facing `facing`, or rejects after 10 s. A stream that arrives after the timeout is stopped at
 * once so the camera light goes off.
 */
export function openCamera(facing: Facing, timeoutMs = CAMERA_TIMEOUT_MS): Promise<MediaStream> {
  if (!cameraSupported())
    return Promise.reject(Object.assign(new Error('unsupported'), { name: 'TypeError' }));
  return new Promise<MediaStream>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      reject(new CameraTimeout());
    }, timeoutMs);
    navigator.mediaDevices
      .getUserMedia({
        video: { facingMode: facing, width: { ideal: 1280 }, height: { ideal: 720 } },
        audio: false,
      })
      .then((stream) => {
        if (settled) {
          stream.getTracks().forEach((track) => track.stop());
          return;
        }
        settled = true;
        clearTimeout(timer);
        resolve(stream);
      })
      .catch((error: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(error);
      });
  });
}

export function stopStream(stream: MediaStream | null | undefined) {
  stream?.getTracks().forEach((track) => track.stop());
}

/** The current frame of `video` as a PNG data URL (doc1 §9), at most 1280 px on its longest side. */
export function captureFrame(video: HTMLVideoElement): string {
  const width = video.videoWidth;
  const height = video.videoHeight;
  if (!width || !height) throw new Error('The camera has no picture yet');
  const scale = Math.min(1, CAPTURE_MAX_SIDE / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No canvas');
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  const dataUrl = canvas.toDataURL('image/png');
  if (!dataUrl.startsWith('data:image/png')) throw new Error('No PNG');
  return dataUrl;
}
