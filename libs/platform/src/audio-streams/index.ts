export * from './audio-pipe';
export * from './audio-stream-host';
export * from './open-audio-stream';
