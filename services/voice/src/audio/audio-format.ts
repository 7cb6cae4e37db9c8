import { ValidationError } from '@jarvis/contracts';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decodes base64 (a `data:` URL prefix allowed); anything that is not base64 is a ValidationError naming `what`. */
export function decodeBase64(value: string, what: string, code?: string): Buffer {
  const raw = value.replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, '');
  if (!BASE64.test(raw) || raw.length % 4 === 1) throw new ValidationError(`${what} is not valid base64.`, undefined, code);
  return Buffer.from(raw, 'base64');
}

/** The container of recorded audio by its first bytes (what browsers record: webm, mp4, ogg; also wav, mp3). */
export function sniffAudio(bytes: Buffer): string | undefined {
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) return 'audio/webm';
  if (bytes.subarray(0, 4).toString('latin1') === 'OggS') return 'audio/ogg';
  if (bytes.subarray(4, 8).toString('latin1') === 'ftyp') return 'audio/mp4';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WAVE') return 'audio/wav';
  if (bytes.subarray(0, 3).toString('latin1') === 'ID3' || (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0)) return 'audio/mpeg';
  return undefined;
}

/** The file name extension providers recognise for a MIME type ('audio/webm;codecs=opus' → 'webm'). */
export function extensionOf(mime: string): string {
  const base = mime.split(';')[0].trim().toLowerCase();
  const known: Record<string, string> = {
    'audio/webm': 'webm', 'video/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mp4': 'mp4', 'video/mp4': 'mp4', 'audio/x-m4a': 'm4a',
    'audio/m4a': 'm4a', 'audio/wav': 'wav', 'audio/x-wav': 'wav', 'audio/wave': 'wav', 'audio/mpeg': 'mp3', 'audio/mp3': 'mp3',
  };
  return known[base] ?? 'webm';
}
