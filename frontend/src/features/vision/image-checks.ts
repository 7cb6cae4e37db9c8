import { QUOTA_TITLE } from '../../api/quota';

/** Image analysis takes PNG, JPEG or WebP under 5 MB (doc1 §5, §9). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

export interface ImageProblem {
  title: string;
  description: string;
}

/** Titles and messages of doc1 §8 for each image analysis code. */
export const IMAGE_ERRORS: Record<string, ImageProblem> = {
  UNAUTHORIZED: { title: 'Authentication Required', description: 'Please refresh the page and try again.' },
  VALIDATION_ERROR: {
    title: 'Invalid Image',
    description: 'The image format is invalid or too large. Please use PNG, JPEG, or WebP under 5MB.',
  },
  IMAGE_TOO_LARGE: {
    title: 'Image Too Large',
    description: 'Please resize your image to under 5MB and try again.',
  },
  RATE_LIMIT_EXCEEDED: {
    title: 'Too Many Requests',
    description: 'Please wait a moment before analyzing another image.',
  },
  ANALYSIS_FAILED: {
    title: 'Analysis Failed',
    description: 'The AI could not process this image. Please try a different image.',
  },
  SERVICE_ERROR: {
    title: 'Service Unavailable',
    description: 'The image analysis service is temporarily unavailable. Please try again later.',
  },
};
export const IMAGE_FAILED_TITLE = 'Image Analysis Failed';

/** The toast for a failure code; any other code reads 'Image Analysis Failed' with the server's text. */
export function imageProblemFor(code: string | undefined, serverText: string | undefined): ImageProblem {
  // Over the daily quota: the server's text says how many a day and when it starts again.
  if (code === 'QUOTA_EXCEEDED') {
    return { title: QUOTA_TITLE, description: serverText || "You have used today's image analyses." };
  }
  const known = code ? IMAGE_ERRORS[code] : undefined;
  if (known) return known;
  return { title: IMAGE_FAILED_TITLE, description: serverText || 'Please try again.' };
}

/** The camera's upload fallback takes only image/* files (doc1 §5). */
export const INVALID_FILE: ImageProblem = {
  title: 'Invalid file',
  description: 'Please select an image file.',
};

/**
 * What is wrong with a file chosen for a question, or null: not an image → 'Invalid file'; not PNG, JPEG or WebP
 * → VALIDATION_ERROR's texts; 5 MB or more → IMAGE_TOO_LARGE's.
 */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): ImageProblem | null {
  if (!file.type.startsWith('image/')) return INVALID_FILE;
  if (!IMAGE_TYPES.includes(file.type)) return IMAGE_ERRORS.VALIDATION_ERROR;
  if (file.size >= IMAGE_MAX_BYTES) return IMAGE_ERRORS.IMAGE_TOO_LARGE;
  return null;
}

/** The decoded size of a data URL or plain base64 text, in bytes. */
export function base64Bytes(data: string): number {
  const raw = data.slice(data.indexOf(',') + 1).replace(/\s+/g, '');
  const padding = raw.endsWith('==') ? 2 : raw.endsWith('=') ? 1 : 0;
  return Math.floor((raw.length * 3) / 4) - padding;
}

/** The image type from the data header (data:image/png;base64,...), jpeg when it does not say (doc1 §5). */
export function imageTypeOf(dataUrl: string): 'png' | 'jpeg' | 'webp' {
  const match = /^data:image\/([a-z+.-]+);/i.exec(dataUrl);
  const type = match?.[1].toLowerCase();
  if (type === 'png' || type === 'webp') return type;
  return 'jpeg';
}

/** The optional photo prompt, trimmed; empty means none (doc1 §5). */
export function promptOrNone(prompt: string | undefined): string | undefined {
  const clean = prompt?.trim();
  return clean ? clean : undefined;
}

export function readFileAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}
