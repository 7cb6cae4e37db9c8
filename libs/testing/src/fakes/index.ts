/**
 * `@jarvis/testing/fakes`: the loopback fakes of the providers that the services' tests, the browser tests
 * (e2e/fakes/serve-fakes.ts) and the bench share. Plain Node modules: nothing here loads vitest, so a script runs
 * them as they are (`require('@jarvis/testing/fakes')` once libs/testing is built). A fake only one service's tests
 * use stays in that service's `src/testing/`, built on `startLoopback` or `startRawFake`.
 */
export * from './loopback';
export * from './raw-loopback';
export * from './discord.fake';
export * from './elevenlabs.fake';
export * from './google.fake';
export * from './model.fake';
export * from './nominatim.fake';
export * from './push.fake';
export * from './smtp.fake';
export * from './stripe.fake';
export * from './twilio.fake';
export * from './websocket-client';
export * from './mulaw';
export * from './pcm16';
export * from './realtime.fake';
export * from './twilio-media.client';
