import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { GatewayConfig } from '../config/gateway.config';
import { DeviceSecrets } from './device-secrets';
import type { DeviceSecretsRepository } from './device-secrets.repository';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The repository's answers for one test: the hashes some account already knows, and the links made. */
function devicesWith(known: string[] = []) {
  const links: { secretHash: string; userId: string }[] = [];
  const repository = {
    isKnown: async (hash: string) => known.includes(hash),
    link: async (secretHash: string, userId: string) => void links.push({ secretHash, userId }),
  } as unknown as DeviceSecretsRepository;
  return { repository, links };
}

function signIn(devices: DeviceSecrets, cookie?: string) {
  const set: { name: string; value: string; options: Record<string, unknown> }[] = [];
  const req = { cookies: cookie === undefined ? {} : { jarvis_device: cookie } } as unknown as FastifyRequest;
  const reply = { setCookie: (name: string, value: string, options: Record<string, unknown>) => set.push({ name, value, options }) } as unknown as FastifyReply;
  return { run: () => devices.remember(req, reply, 'user-1'), set };
}

const config = (publicUrl: string) => ({ PUBLIC_URL: publicUrl }) as GatewayConfig;

describe('DeviceSecrets.remember', () => {
  it('sets a new 256-bit secret in an HttpOnly, Lax, 400-day cookie, Secure when PUBLIC_URL is https, and links only its hash', async () => {
    const { repository, links } = devicesWith();
    const signInOver = async (url: string) => {
      const attempt = signIn(new DeviceSecrets(repository, config(url)));
      await attempt.run();
      return attempt.set[0];
    };
    const https = await signInOver('https://jarvis.example.com');
    expect(https).toMatchObject({ name: 'jarvis_device', options: { httpOnly: true, sameSite: 'lax', secure: true, path: '/', maxAge: 34_560_000 } });
    expect(Buffer.from(https.value, 'base64url')).toHaveLength(32);
    expect(links[0]).toEqual({ secretHash: sha256(https.value), userId: 'user-1' });
    expect((await signInOver('http://localhost:3000')).options.secure).toBe(false);
  });

  it('keeps a secret Jarvis issued and replaces one no account knows', async () => {
    const issued = 'k'.repeat(43);
    const { repository } = devicesWith([sha256(issued)]);
    const devices = new DeviceSecrets(repository, config('https://jarvis.example.com'));

    const kept = signIn(devices, issued);
    await kept.run();
    expect(kept.set[0].value).toBe(issued);

    for (const planted of ['p'.repeat(43), 'short', '']) {
      const replaced = signIn(devices, planted);
      await replaced.run();
      expect(replaced.set[0].value).not.toBe(planted);
    }
  });
});

describe('DeviceSecrets.hashOf', () => {
  it('hashes a well-formed secret and ignores anything else', () => {
    const devices = new DeviceSecrets(devicesWith().repository, config('http://localhost:3000'));
    const req = (cookie?: string) => ({ cookies: cookie ? { jarvis_device: cookie } : {} }) as unknown as FastifyRequest;
    expect(devices.hashOf(req('a'.repeat(43)))).toBe(sha256('a'.repeat(43)));
    expect(devices.hashOf(req('a'.repeat(42)))).toBeNull();
    expect(devices.hashOf(req("'; DROP TABLE--".padEnd(43, 'x')))).toBeNull();
    expect(devices.hashOf(req())).toBeNull();
  });
});
