import { infraConfigSchema } from '@jarvis/platform';
import { type ServiceHarness, startServiceHarness } from '@jarvis/testing';
import { AppModule } from '../app.module';
import { voiceConfigSchema } from '../config/voice.config';

/** Every variable of voice's own (providers); a harness starts from none of them set. */
export const PROVIDER_VARIABLES = Object.keys(voiceConfigSchema.shape).filter((name) => !(name in infraConfigSchema.shape));

/** The real voice service on its own database, NATS and Redis prefixes, with exactly the provider variables given. */
export function startVoice(label: string, providers: Record<string, string> = {}): Promise<ServiceHarness> {
  const env: Record<string, string | undefined> = Object.fromEntries(PROVIDER_VARIABLES.map((name) => [name, undefined]));
  return startServiceHarness('voice', AppModule, { label, env: { ...env, ...providers } });
}

/** Recorded-audio bytes as a browser sends them: a WebM (EBML) header and then `rest`. */
export function webm(rest = 'voice'): string {
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from(rest)]).toString('base64');
}

/** A tiny PNG (signature and IHDR), enough for the magic-byte check. */
export const PNG_BASE64 = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-fake-image')]).toString('base64');
