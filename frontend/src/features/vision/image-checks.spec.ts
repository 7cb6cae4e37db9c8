import { describe, expect, it } from 'vitest';
import {
  base64Bytes,
  IMAGE_MAX_BYTES,
  imageFileProblem,
  imageProblemFor,
  imageTypeOf,
  promptOrNone,
} from './image-checks';

describe('image checks', () => {
  it('takes the image type from the data header, jpeg when it does not say', () => {
    expect(imageTypeOf('data:image/png;base64,AAAA')).toBe('png');
    expect(imageTypeOf('data:image/webp;base64,AAAA')).toBe('webp');
    expect(imageTypeOf('data:image/jpeg;base64,AAAA')).toBe('jpeg');
    expect(imageTypeOf('AAAA')).toBe('jpeg');
  });

  it("refuses files that are not images ('Invalid file'), other formats and 5 MB or more", () => {
    expect(imageFileProblem({ type: 'text/plain', size: 10 })).toEqual({
      title: 'Invalid file',
      description: 'Please select an image file.',
    });
    expect(imageFileProblem({ type: 'image/gif', size: 10 })?.title).toBe('Invalid Image');
    expect(imageFileProblem({ type: 'image/png', size: IMAGE_MAX_BYTES })).toEqual({
      title: 'Image Too Large',
      description: 'Please resize your image to under 5MB and try again.',
    });
    expect(imageFileProblem({ type: 'image/webp', size: IMAGE_MAX_BYTES - 1 })).toBeNull();
  });

  it("maps each analysis code to doc1's title and message, any other to 'Image Analysis Failed'", () => {
    expect(imageProblemFor('UNAUTHORIZED', undefined)).toEqual({
      title: 'Authentication Required',
      description: 'Please refresh the page and try again.',
    });
    expect(imageProblemFor('RATE_LIMIT_EXCEEDED', undefined)).toEqual({
      title: 'Too Many Requests',
      description: 'Please wait a moment before analyzing another image.',
    });
    expect(imageProblemFor('ANALYSIS_FAILED', undefined).title).toBe('Analysis Failed');
    expect(imageProblemFor('SERVICE_ERROR', undefined)).toEqual({
      title: 'Service Unavailable',
      description: 'The image analysis service is temporarily unavailable. Please try again later.',
    });
    expect(
      imageProblemFor('QUOTA_EXCEEDED', 'Daily limit reached for image analysis. It resets at 12:00 AM ET.'),
    ).toEqual({
      title: 'Daily limit reached',
      description: 'Daily limit reached for image analysis. It resets at 12:00 AM ET.',
    });
    expect(imageProblemFor('WHATEVER', 'boom')).toEqual({
      title: 'Image Analysis Failed',
      description: 'boom',
    });
  });

  it('measures decoded bytes and trims the prompt', () => {
    expect(base64Bytes('data:image/png;base64,QUJD')).toBe(3);
    expect(base64Bytes('QQ==')).toBe(1);
    expect(promptOrNone('  what is it  ')).toBe('what is it');
    expect(promptOrNone('   ')).toBeUndefined();
  });
});
