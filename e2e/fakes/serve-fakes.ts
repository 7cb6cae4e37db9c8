/**
 * The system the browser tests run against, with every provider the tests exercise pointed at a loopback fake:
 * starts the fakes of Stripe, Twilio, Google, Discord, Nominatim, a push service, ElevenLabs and an SMTP server (the
 * ones the services' integration tests use, from '@jarvis/testing/fakes', which loads no test runner; libs/testing is
 * built first, as every package is), a small control server the tests use to seed and inspect them, writes their
 * addresses to E2E_FAKES_FILE, then runs `scripts/start.mjs` with the provider variables set. SIGTERM stops the
 * system, then the fakes.
 *
 * Compiled by `tsc -p e2e/fakes` (Playwright's webServer command) to e2e/fakes/dist/serve-fakes.js, run with plain Node.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { globalAgent } from 'node:https';
import {
  FAKE_ACCOUNT_SID,
  FAKE_AUTH_TOKEN,
  FAKE_DISCORD_CLIENT_SECRET,
  PRICE_ENTERPRISE,
  PRICE_PREMIUM,
  SILENT_MP3,
  startDiscordFake,
  startElevenLabsFake,
  startGoogleFake,
  startNominatimFake,
  startPushFake,
  startSmtpFake,
  startStripeFake,
  startTwilioFake,
  WEBHOOK_SECRET,
} from '@jarvis/testing/fakes';

export const DISCORD_TEST_TOKEN = 'e2e-discord-bot-token';
export const DISCORD_TEST_CLIENT_ID = '987654321098765432';
export const ELEVENLABS_TEST_KEY = 'e2e-elevenlabs-key';
/** How many phone numbers the e2e system offers (+1 646 555 0000 onwards), one per test that claims a line. */
const CLAIMABLE_COUNT = 1_000;

const root = resolve(__dirname, '../../..'); // e2e/fakes/dist → the repository
const port = process.env.PORT ?? '3100';
const appUrl = `http://localhost:${port}`;

/** JSON of a fake's state: Maps become objects, Buffers their sizes. */
function plain(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(
    JSON.stringify(value, (_key, v) => {
      if (v instanceof Map) return Object.fromEntries(v);
      if (v && typeof v === 'object' && v.type === 'Buffer' && Array.isArray(v.data))
        return { bytes: v.data.length };
      return v;
    }),
  );
}

async function main() {
  const fakes: Record<string, Record<string, unknown>> = {
    stripe: (await startStripeFake({ webhookUrl: `${appUrl}/webhooks/billing/stripe` })) as never,
    twilio: (await startTwilioFake()) as never,
    google: (await startGoogleFake()) as never,
    discord: (await startDiscordFake(DISCORD_TEST_TOKEN)) as never,
    nominatim: (await startNominatimFake()) as never,
    push: (await startPushFake()) as never,
    elevenlabs: (await startElevenLabsFake(ELEVENLABS_TEST_KEY)) as never,
    smtp: (await startSmtpFake()) as never,
  };
  // A recording Twilio keeps for a call the test plays by webhooks (JSON cannot carry the audio itself).
  const twilio = fakes.twilio as unknown as {
    recordings: Map<string, Buffer>;
    seedRecording?: (sid: string) => void;
  };
  twilio.seedRecording = (sid: string) => void twilio.recordings.set(sid, SILENT_MP3);
  // The numbers this system offers as phone lines (TWILIO_CLAIMABLE_NUMBERS). Tests take them one at a time through
  // the control server, a single process for every worker, so no two tests ever claim the same number.
  const claimable = Array.from(
    { length: CLAIMABLE_COUNT },
    (_, i) => `+1646555${String(i).padStart(4, '0')}`,
  );
  const offered = fakes.twilio as unknown as {
    numbers: { sid: string; phoneNumber: string }[];
    takeClaimableNumber?: () => string;
  };
  let taken = 0;
  offered.takeClaimableNumber = () => {
    const phoneNumber = claimable[taken++];
    if (!phoneNumber) throw new Error(`every one of the ${CLAIMABLE_COUNT} claimable numbers is taken`);
    offered.numbers.push({ sid: `PN${phoneNumber.slice(1).padStart(32, '0')}`, phoneNumber });
    return phoneNumber;
  };
  // The push fake speaks HTTPS with a certificate made now; the services trust it through NODE_EXTRA_CA_CERTS.
  const pushCa = resolve(
    dirname(process.env.E2E_FAKES_FILE ?? resolve(root, 'e2e/test-results/fakes.json')),
    `push-ca-${process.pid}.pem`,
  );
  mkdirSync(dirname(pushCa), { recursive: true });
  writeFileSync(
    pushCa,
    ([] as unknown[])
      .concat(globalAgent.options.ca ?? [])
      .map(String)
      .join('\n'),
  );

  // GET /control/<fake>/<property...> reads a fake's state; POST /control/<fake>/<method...> with a JSON array of
  // arguments calls it (`POST /control/google/seedMail ["ann@gmail.com", [{...}]]`).
  const control = createServer(async (req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body ?? null));
    };
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const path = new URL(req.url ?? '/', 'http://control').pathname.split('/').filter(Boolean);
      if (path[0] !== 'control' || !fakes[path[1]]) return reply(404, { error: 'unknown fake' });
      let owner: unknown = fakes[path[1]];
      let target: unknown = owner;
      for (const key of path.slice(2)) {
        owner = target;
        target = (target as Record<string, unknown>)?.[key];
      }
      if (req.method === 'GET') return reply(200, plain(target));
      if (typeof target !== 'function') return reply(400, { error: `${path.join('.')} is not a function` });
      const raw = Buffer.concat(chunks).toString('utf8');
      const args = raw ? (JSON.parse(raw) as unknown[]) : [];
      return reply(200, plain(await (target as (...a: unknown[]) => unknown).apply(owner, args)));
    } catch (error) {
      return reply(500, { error: String(error) });
    }
  });
  await new Promise<void>((done) => control.listen(0, '127.0.0.1', done));
  const controlUrl = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;

  const file = process.env.E2E_FAKES_FILE ?? resolve(root, 'e2e/test-results/fakes.json');
  mkdirSync(dirname(file), { recursive: true });
  const urls = Object.fromEntries(Object.entries(fakes).map(([name, fake]) => [name, fake.url]));
  writeFileSync(file, JSON.stringify({ control: controlUrl, ...urls }, null, 2));

  const providers: Record<string, string> = {
    STRIPE_SECRET_KEY: 'sk_test_e2e',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_PREMIUM: PRICE_PREMIUM,
    STRIPE_PRICE_ENTERPRISE: PRICE_ENTERPRISE,
    STRIPE_BASE_URL: urls.stripe as string,
    TWILIO_ACCOUNT_SID: FAKE_ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: FAKE_AUTH_TOKEN,
    TWILIO_BASE_URL: urls.twilio as string,
    // The number outbound calls are placed from (a user's own line wins); the fake plays each call's callbacks.
    TWILIO_PHONE_NUMBER: '+12125550100',
    TWILIO_CLAIMABLE_NUMBERS: claimable.join(','),
    ...(fakes.google as { env(): Record<string, string> }).env(),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    DISCORD_BOT_TOKEN: DISCORD_TEST_TOKEN,
    DISCORD_CLIENT_ID: DISCORD_TEST_CLIENT_ID,
    DISCORD_CLIENT_SECRET: FAKE_DISCORD_CLIENT_SECRET,
    DISCORD_BASE_URL: urls.discord as string,
    // The install flow's consent screen and token exchange: the browser goes to the fake and comes back.
    DISCORD_OAUTH_BASE_URL: urls.discord as string,
    NOMINATIM_BASE_URL: urls.nominatim as string,
    ELEVENLABS_API_KEY: ELEVENLABS_TEST_KEY,
    ELEVENLABS_BASE_URL: urls.elevenlabs as string,
    // Mail (verification links, e-mail notifications) goes to the SMTP fake; tests read what it received.
    SMTP_URL: `smtp://127.0.0.1:${(fakes.smtp as unknown as { port: number }).port}`,
    NODE_EXTRA_CA_CERTS: pushCa,
    // The push fake is a push service on 127.0.0.1 (HTTPS): allowed as a push host, and reachable through safeFetch,
    // which refuses loopback addresses unless ALLOW_PRIVATE_NETWORK_TARGETS is set (test only).
    WEB_PUSH_ALLOWED_HOSTS: '127.0.0.1',
    ALLOW_PRIVATE_NETWORK_TARGETS: '1',
    // The operator's contracts document service, set at run time (the page carries it; no rebuild).
    CONTRACTS_URL: 'https://contracts.jarvis.test/',
  };
  const app = spawn(process.execPath, [resolve(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...providers },
  });
  const stop = async (code: number) => {
    await Promise.all(
      Object.values(fakes).map((fake) => (fake.close as () => Promise<void>)().catch(() => undefined)),
    );
    control.close();
    process.exit(code);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => app.kill(signal));
  app.on('exit', (code) => void stop(code ?? 0));
}

void main().catch((error) => {
  console.error('[e2e fakes]', error);
  process.exit(1);
});
