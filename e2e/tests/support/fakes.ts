import { readFileSync } from 'node:fs';

/** Where the loopback fakes of this run listen (written by e2e/fakes/serve-fakes.ts before the system starts). */
export interface FakeAddresses {
  control: string;
  stripe: string;
  twilio: string;
  google: string;
  discord: string;
  nominatim: string;
  elevenlabs: string;
  /** The SMTP fake has no HTTP address: read what it received with `readFake('smtp', 'received')`. */
  smtp?: string;
  /** The push service fake has no address of its own to share: its subscriptions carry it. */
  push?: string;
}

export function fakeAddresses(): FakeAddresses {
  const file = process.env.E2E_FAKES_FILE;
  if (!file)
    throw new Error('E2E_FAKES_FILE is not set: run the browser tests through e2e/playwright.config.ts');
  return JSON.parse(readFileSync(file, 'utf8')) as FakeAddresses;
}

/** Reads a fake's state: `await readFake('stripe', 'checkouts')`. */
export async function readFake<T = unknown>(
  fake: keyof Omit<FakeAddresses, 'control'>,
  ...path: string[]
): Promise<T> {
  const res = await fetch(`${fakeAddresses().control}/control/${fake}/${path.join('/')}`);
  if (!res.ok) throw new Error(`reading ${fake}.${path.join('.')}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Calls a fake's method with JSON arguments: `await callFake('google', 'seedMail', 'ann@gmail.com', [...])`. */
export async function callFake<T = unknown>(
  fake: keyof Omit<FakeAddresses, 'control'>,
  method: string,
  ...args: unknown[]
): Promise<T> {
  const res = await fetch(`${fakeAddresses().control}/control/${fake}/${method.split('.').join('/')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  if (!res.ok) throw new Error(`calling ${fake}.${method}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
