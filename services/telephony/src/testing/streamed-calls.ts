import { audioStreams } from '@jarvis/contracts';
import { openAudioStream } from '@jarvis/platform';
import type { ServiceHarness } from '@jarvis/testing';
import {
  FAKE_AUTH_TOKEN,
  mulawSilence,
  mulawTone,
  pipeTransport,
  type RealtimeFake,
  startRealtimeFake,
  TwilioMediaCall,
  type TwilioMediaCallOptions,
} from '@jarvis/testing/fakes';
import twilio from 'twilio';
import { PUBLIC_URL } from './telephony-harness';

/** The URL Twilio connects a call's stream to, and signs: what the gateway hands over with the stream. */
export const MEDIA_URL = `${PUBLIC_URL.replace(/^https:/, 'wss:')}/webhooks/telephony/media`;
export const REALTIME_KEY = 'sk-realtime-test-key';
/** Quiet after speech that ends an utterance at the fake. */
export const SILENCE_MS = 200;

/** The Realtime API's fake, quick: short answers, little thinking. */
export function startRealtime(): Promise<RealtimeFake> {
  return startRealtimeFake({ apiKey: REALTIME_KEY, thinkMs: 40, silenceMs: SILENCE_MS, deltaMs: 20, paceMs: 2, msPerCharacter: 4 });
}

/** What telephony needs to stream calls to the fake. */
export const realtimeEnv = (fake: RealtimeFake) => ({ OPENAI_API_KEY: REALTIME_KEY, OPENAI_BASE_URL: fake.baseURL, OPENAI_REALTIME_MODEL: 'gpt-realtime' });

/**
 * Twilio's Media Stream of `callSid`, handed to telephony as the gateway hands it (the platform's relay, the upgrade
 * signed over MEDIA_URL with the account's token unless `signature` says otherwise), then started.
 */
export async function openMediaStream(
  h: Pick<ServiceHarness, 'nc' | 'rpc' | 'env' | 'ctx'>,
  callSid: string,
  options: { signature?: string } & Partial<TwilioMediaCallOptions> = {},
): Promise<TwilioMediaCall> {
  const signature = options.signature ?? twilio.getExpectedTwilioSignature(FAKE_AUTH_TOKEN, MEDIA_URL, {});
  const pipe = await openAudioStream(
    { nc: h.nc, rpc: h.rpc, prefix: h.env.natsPrefix },
    audioStreams.twilioMedia,
    { path: audioStreams.twilioMedia.path, query: '', url: MEDIA_URL, headers: { 'x-twilio-signature': signature } },
    h.ctx(null),
  );
  return new TwilioMediaCall(pipeTransport(pipe), { callSid, customParameters: { callSid }, ...options }).start();
}

/** The caller saying something: `ms` of voice, then enough quiet for the model to take it as said. */
export function utterance(ms = 300): Buffer {
  return Buffer.concat([mulawTone(ms), mulawSilence(SILENCE_MS + 60)]);
}
