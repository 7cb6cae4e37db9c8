import { api, ErrorKind } from '@jarvis/contracts';
import type { ServiceHarness } from '@jarvis/testing';
import { parseMultipart, type RawFake } from '@jarvis/testing/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuddFake } from '../testing/fakes/audd.fake';
import { startVoice } from '../testing/voice-harness';

describe('music identification', () => {
  let audd: RawFake;
  let h: ServiceHarness;

  beforeAll(async () => {
    audd = await startAuddFake('audd-token');
    h = await startVoice('music', { AUDD_API_TOKEN: 'audd-token', AUDD_BASE_URL: audd.url });
  });
  afterAll(async () => {
    await h?.close();
    await audd?.close();
  });

  it('names the song with its Spotify and Apple Music links', async () => {
    const reply = await h.call(api.voice.identifyMusic, { audio: Buffer.from('SONG recording').toString('base64') }, h.newUser());
    expect(reply.song).toMatchObject({
      title: 'Get Lucky', artist: 'Daft Punk', album: 'Random Access Memories', release_date: '2013-04-19',
      spotify_url: expect.stringContaining('open.spotify.com'), apple_music_url: expect.stringContaining('music.apple.com'),
      youtube_url: expect.stringContaining('youtube.com'),
    });
    expect(parseMultipart(audd.requests.at(-1)!).find((p) => p.name === 'return')?.data.toString()).toBe('apple_music,spotify');
  });

  it('answers song null with an error when nothing matches', async () => {
    const reply = await h.call(api.voice.identifyMusic, { audio: Buffer.from('street noise').toString('base64') }, h.newUser());
    expect(reply).toEqual({ song: null, error: expect.stringMatching(/Could not identify/) });
  });

  it('refuses audio that is not base64 with 400', async () => {
    const error = await h.fail(api.voice.identifyMusic, { audio: 'not base64!' }, h.newUser());
    expect(error.kind).toBe(ErrorKind.Validation);
  });
});
