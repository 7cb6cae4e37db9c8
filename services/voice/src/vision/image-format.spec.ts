import { describe, expect, it } from 'vitest';
import { sniffImage } from './image-format';

describe('image types by magic bytes', () => {
  it('knows PNG, JPEG and WebP and nothing else', () => {
    expect(sniffImage(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImage(Buffer.from('GIF89a'))).toBeUndefined();
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeUndefined();
  });
});
