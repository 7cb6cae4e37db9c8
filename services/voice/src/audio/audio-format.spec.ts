import { describe, expect, it } from 'vitest';
import { decodeBase64, extensionOf, sniffAudio } from './audio-format';

describe('recorded audio', () => {
  it('tells the containers browsers record by their first bytes', () => {
    expect(sniffAudio(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0]))).toBe('audio/webm');
    expect(sniffAudio(Buffer.from('OggS\0\0'))).toBe('audio/ogg');
    expect(sniffAudio(Buffer.concat([Buffer.alloc(4), Buffer.from('ftypM4A ')]))).toBe('audio/mp4');
    expect(sniffAudio(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBe('audio/wav');
    expect(sniffAudio(Buffer.from('ID3\x04'))).toBe('audio/mpeg');
    expect(sniffAudio(Buffer.from('plain text'))).toBeUndefined();
  });

  it('names the file by the recorded type, codecs ignored', () => {
    expect(extensionOf('audio/webm;codecs=opus')).toBe('webm');
    expect(extensionOf('audio/mp4')).toBe('mp4');
    expect(extensionOf('audio/ogg; codecs=opus')).toBe('ogg');
  });

  it('decodes base64 and data URLs, and refuses what is not base64', () => {
    expect(decodeBase64('data:audio/webm;base64,aGk=', 'audio').toString()).toBe('hi');
    expect(() => decodeBase64('not base64!', 'audio')).toThrow('audio is not valid base64.');
  });

  it('takes base64 split over lines, and refuses padding anywhere but at the end or a length no encoder makes', () => {
    expect(decodeBase64(' aGVs\nbG8g\r\nd29y bGQ= ', 'audio').toString()).toBe('hello world');
    expect(decodeBase64('aGVsbG8=', 'audio').toString()).toBe('hello');
    expect(decodeBase64('aGVsbA==', 'audio').toString()).toBe('hell');
    for (const bad of ['aGVs=G8=', 'aGVsbA=a', 'aGVsb===', 'aGVsbG8gd', 'aGVs-G8=', 'aGVs_G8=']) {
      expect(() => decodeBase64(bad, 'audio'), bad).toThrow('audio is not valid base64.');
    }
  });
});
