export interface Song {
  title: string;
  artist: string;
  album?: string;
  release_date?: string;
  spotify_url?: string;
  youtube_url?: string;
  apple_music_url?: string;
}

/** Names the song in a recording; AuddAdapter is the implementation. */
export abstract class MusicRecognizer {
  /** The song, or null when nothing matched. */
  abstract identify(audio: Buffer): Promise<Song | null>;
}
