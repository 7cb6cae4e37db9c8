import { parseMultipart, type RawFake, startRawFake } from '@jarvis/testing/fakes';

/**
 * AudD's recognize endpoint (POST / with api_token, file, return): a recording starting 'SONG' matches a song with
 * the Spotify and Apple Music parts asked for; anything else answers result null (no match).
 */
export function startAuddFake(token: string): Promise<RawFake> {
  return startRawFake((req) => {
    const parts = parseMultipart(req);
    const field = (name: string) => parts.find((p) => p.name === name);
    if (field('api_token')?.data.toString() !== token) {
      return { body: { status: 'error', error: { error_code: 900, error_message: 'Wrong API token' } } };
    }
    const file = field('file');
    if (!file?.data.length) return { body: { status: 'error', error: { error_code: 700, error_message: 'No file' } } };
    if (file.data.subarray(0, 4).toString('latin1') !== 'SONG') return { body: { status: 'success', result: null } };
    const wants = (field('return')?.data.toString() ?? '').split(',');
    return {
      body: {
        status: 'success',
        result: {
          artist: 'Daft Punk', title: 'Get Lucky', album: 'Random Access Memories', release_date: '2013-04-19',
          label: 'Columbia', timecode: '00:31', song_link: 'https://lis.tn/GetLucky',
          ...(wants.includes('spotify') ? { spotify: { external_urls: { spotify: 'https://open.spotify.com/track/69kOkLUCkxIZYexIgSG8rq' } } } : {}),
          ...(wants.includes('apple_music') ? { apple_music: { url: 'https://music.apple.com/us/album/get-lucky/617154241?i=617154366' } } : {}),
        },
      },
    };
  });
}
