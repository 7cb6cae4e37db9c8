import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { ACCOUNT_PART_SERVICES, type ArchiveManifest, internalApi, liveSubject } from '@jarvis/contracts';
import { MetricsEndpoint, RpcClient } from '@jarvis/platform';
import { scrapeMetrics } from '@jarvis/testing';
import { connect, type NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromBuffer } from 'yauzl';
import { ZipFile } from 'yazl';
import type { TestHttpClient } from '@jarvis/testing';
import { emptyPart, type StandIns, startAccountStandIns } from '../testing/account-stand-ins';
import { type GatewayHarness, startGateway, uniqueName } from '../testing/harness';

let gw: GatewayHarness;
let services: StandIns;
let nc: NatsConnection;
let rpc: RpcClient;

beforeAll(async () => {
  gw = await startGateway('account', { ACCOUNT_DELETION_RETRY_SECONDS: '1' });
  services = await startAccountStandIns(gw.env.env.NATS_URL, gw.env.natsPrefix);
  nc = await connect({ servers: gw.env.env.NATS_URL });
  rpc = new RpcClient(nc, gw.env.natsPrefix);
});
afterAll(async () => {
  await nc?.close();
  await services?.close();
  await gw?.close();
});

async function signUp(password: string | null = 'secret1') {
  const client = gw.client();
  const username = uniqueName('acc');
  const res = password
    ? await client.post('/api/register', { username, password })
    : await client.post('/api/auth/username', { username });
  expect(res.status).toBeLessThan(300);
  return { client, username, id: res.body.user.id as string };
}

async function exported(client: TestHttpClient) {
  const start = await client.post('/api/account/export');
  expect(start.status).toBe(202);
  const id = start.body.id as string;
  for (let i = 0; i < 200; i++) {
    const state = await client.get(`/api/account/export/${id}`);
    if (state.body.status !== 'queued' && state.body.status !== 'running') return { id, state: state.body };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the export did not finish');
}

async function download(client: TestHttpClient, url: string) {
  const res = await fetch(gw.baseUrl + url, { headers: { Cookie: `jarvis.sid=${client.sessionCookie()}` } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.readEntry();
    });
  });
}

async function zipOf(files: Map<string, Buffer>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [path, bytes] of files) zip.addBuffer(bytes, path);
  zip.end();
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  zip.outputStream.pipe(out);
  await once(out, 'end');
  return Buffer.concat(chunks);
}

/** Rewrites the manifest's size and hash of each file (an archive a tool made consistently, or an older Jarvis). */
function withManifest(files: Map<string, Buffer>, change: (manifest: ArchiveManifest) => void = () => undefined) {
  const manifest = JSON.parse(files.get('manifest.json')!.toString()) as ArchiveManifest;
  manifest.files = [...files.keys()]
    .filter((p) => p !== 'manifest.json')
    .map((path) => {
      const bytes = files.get(path)!;
      const value = path.endsWith('.json') ? JSON.parse(bytes.toString()) : null;
      return {
        path, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'),
        count: path.endsWith('.json') ? (Array.isArray(value) ? value.length : value === null ? 0 : 1) : 1,
      };
    });
  change(manifest);
  files.set('manifest.json', Buffer.from(JSON.stringify(manifest)));
  return files;
}

async function importArchive(client: TestHttpClient, bytes: Buffer) {
  const form = new FormData();
  form.append('archive', new Blob([new Uint8Array(bytes)], { type: 'application/zip' }), 'export.zip');
  const res = await fetch(`${gw.baseUrl}/api/account/import`, {
    method: 'POST', body: form, headers: { Cookie: `jarvis.sid=${client.sessionCookie()}`, 'X-Requested-With': 'XMLHttpRequest' },
  });
  return { status: res.status, body: (await res.json()) as any };
}

const reminder = {
  id: '0d8f3a8e-58a5-4b1c-9a3e-2f6a1c7d9e01', title: 'Call mom', whenText: 'tomorrow at 9am',
  reminderTime: '2031-01-10T14:00:00.000Z', done: false, dueNotifiedAt: null, createdAt: '2030-12-01T10:00:00.000Z', place: null,
};

describe('POST /api/account/export', () => {
  it('writes every part into one ZIP with a manifest of sizes, hashes and counts, telling the browser its progress', async () => {
    const { client, id: userId } = await signUp();
    const part = emptyPart('calendar');
    (part.files as any)['reminders.json'] = [reminder];
    const recording = Buffer.from('ID3 fake mp3 bytes');
    services.parts.set(userId, {
      calendar: part,
      telephony: { ...emptyPart('telephony'), attachments: [{ path: 'recordings/RE1.mp3', ref: `rec-${userId}` }, { path: 'recordings/RE2.mp3', ref: 'gone' }] },
    });
    services.attachments.set(`rec-${userId}`, { contentType: 'audio/mpeg', base64: recording.toString('base64') });
    const live: { status: string; progress: number }[] = [];
    const sub = nc.subscribe(gw.env.natsPrefix + liveSubject(userId, 'export'), { callback: (_e, m) => live.push(JSON.parse(new TextDecoder().decode(m.data)).data) });

    const { state } = await exported(client);
    sub.unsubscribe();
    expect(state).toMatchObject({ status: 'completed', progress: 100, parts: Object.fromEntries(['identity', ...ACCOUNT_PART_SERVICES].map((p) => [p, 'done'])) });
    expect(new Date(state.expiresAt).getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(live.at(-1)).toMatchObject({ status: 'completed', progress: 100 });
    expect(live.filter((e) => e.status === 'running').length).toBeGreaterThanOrEqual(ACCOUNT_PART_SERVICES.length);

    const res = await download(client, state.downloadUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="jarvis-export-\d{4}-\d{2}-\d{2}\.zip"/);
    const files = await unzip(res.bytes);
    const manifest = JSON.parse(files.get('manifest.json')!.toString()) as ArchiveManifest;
    expect(manifest).toMatchObject({ format: 'jarvis-account-archive', formatVersion: 1, userId, jarvisVersion: expect.any(String) });
    expect([...files.keys()].sort()).toEqual([...manifest.files.map((f) => f.path), 'manifest.json'].sort());
    expect(manifest.files.map((f) => f.path)).toEqual(expect.arrayContaining(['profile.json', 'reminders.json', 'messages.json', 'recordings/RE1.mp3', 'subscription.json']));
    for (const file of manifest.files) {
      expect(createHash('sha256').update(files.get(file.path)!).digest('hex')).toBe(file.sha256);
      expect(files.get(file.path)!.length).toBe(file.bytes);
    }
    expect(manifest.files.find((f) => f.path === 'reminders.json')?.count).toBe(1);
    expect(files.get('recordings/RE1.mp3')).toEqual(recording);
    expect(manifest.unavailable).toEqual([{ path: 'recordings/RE2.mp3', reason: expect.stringMatching(/no longer/) }]);
    const profile = JSON.parse(files.get('profile.json')!.toString());
    expect(profile).toMatchObject({ signIn: { password: true, google: false } });
    // No secret: the password hash, the session or the device secret never reach the archive.
    const everything = [...files.values()].map((b) => b.toString('latin1')).join('\n');
    expect(everything).not.toMatch(/argon2|passwordHash|password_hash/);
    expect(everything).not.toContain(client.sessionCookie()!.split('.')[0]);
    expect(everything).not.toContain(client.cookie('jarvis_device') ?? 'no device cookie');
  });

  it('downloads an archive once per link: the link spent, the state gives a new one; a forged or foreign link is 404', async () => {
    const { client, id: userId } = await signUp();
    const { id, state } = await exported(client);
    const live: { id: string; downloaded?: boolean }[] = [];
    const sub = nc.subscribe(gw.env.natsPrefix + liveSubject(userId, 'export'), { callback: (_e, m) => live.push(JSON.parse(new TextDecoder().decode(m.data)).data) });
    expect((await download(client, state.downloadUrl)).status).toBe(200);
    // The browsers hear that the link was spent, so the Account page asks for the next one.
    await vi.waitFor(() => expect(live).toContainEqual(expect.objectContaining({ id, downloaded: true })));
    sub.unsubscribe();
    const again = await download(client, state.downloadUrl);
    expect(again.status).toBe(404);
    expect(JSON.parse(again.bytes.toString())).toMatchObject({ code: 'DOWNLOAD_LINK_USED' });
    const fresh = (await client.get(`/api/account/export/${id}`)).body;
    expect(fresh.downloadUrl).not.toBe(state.downloadUrl);
    expect((await download(client, fresh.downloadUrl)).status).toBe(200);

    const forged = fresh.downloadUrl.replace(/token=[^&]+/, 'token=abc.def');
    expect((await download(client, forged)).status).toBe(404);
    const other = await signUp();
    expect((await other.client.get(`/api/account/export/${id}`)).status).toBe(404);
    expect((await download(other.client, (await client.get(`/api/account/export/${id}`)).body.downloadUrl)).status).toBe(404);
    expect((await gw.client().get(`/api/account/export/${id}`)).status).toBe(401);
  });

  it('runs one export per user at a time (409), and says which part failed', async () => {
    const { client, id: userId } = await signUp();
    services.slowMs = 300;
    try {
      const first = await client.post('/api/account/export');
      expect(first.status).toBe(202);
      const second = await client.post('/api/account/export');
      expect(second.status).toBe(409);
      expect(second.body).toMatchObject({ code: 'CONFLICT', error: expect.stringMatching(/already running/) });
      expect((await client.get('/api/account/export')).body).toMatchObject({ id: first.body.id });
    } finally {
      services.slowMs = 0;
    }
    for (let i = 0; i < 100 && ['queued', 'running'].includes((await client.get('/api/account/export')).body.status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    services.failing.add('mail');
    try {
      const { state } = await exported(client);
      expect(state).toMatchObject({ status: 'failed', error: 'mail could not read its data' });
      expect(state.parts).toMatchObject({ identity: 'done', chat: 'done', mail: 'failed', billing: 'pending' });
      expect(state.downloadUrl).toBeUndefined();
    } finally {
      services.failing.delete('mail');
    }
    expect(userId).toBeTruthy();
  });
});

describe('POST /api/account/import', () => {
  async function anArchive(change?: (files: Map<string, Buffer>) => void) {
    const { client, id } = await signUp();
    const part = emptyPart('calendar');
    (part.files as any)['reminders.json'] = [reminder];
    services.parts.set(id, { calendar: part });
    await client.put('/api/user/profile', { firstName: 'Ann', lastName: 'Lee' });
    await client.post('/api/auth/theme', { mode: 'dark', color: 'rose' });
    const { state } = await exported(client);
    const files = await unzip((await download(client, state.downloadUrl)).bytes);
    change?.(files);
    return zipOf(files);
  }

  it("merges a valid archive into the account, each part once: the same archive again changes nothing", async () => {
    const archive = await anArchive();
    const { client, id } = await signUp();
    const first = await importArchive(client, archive);
    expect(first.status).toBe(200);
    expect(first.body.parts).toEqual(Object.fromEntries(['identity', ...ACCOUNT_PART_SERVICES].map((p) => [p, 'imported'])));
    const me = (await client.get('/api/auth/user')).body;
    expect(me).toMatchObject({ firstName: 'Ann', lastName: 'Lee', themeMode: 'dark', themeColor: 'rose' });
    expect(services.imports.get(`calendar:${id}`)).toHaveLength(1);
    const second = await importArchive(client, archive);
    expect(second.body.parts).toEqual(Object.fromEntries(['identity', ...ACCOUNT_PART_SERVICES].map((p) => [p, 'already imported'])));
    expect(services.imports.get(`calendar:${id}`)).toHaveLength(1);
  });

  it('refuses a changed or damaged archive with every problem, having written nothing', async () => {
    const archive = await anArchive((files) => {
      files.set('reminders.json', Buffer.from(files.get('reminders.json')!.toString().replace('Call mom', 'Call dad')));
      files.set('extra.txt', Buffer.from('hello'));
      files.delete('bookings.json');
    });
    const { client, id } = await signUp();
    const res = await importArchive(client, archive);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'ARCHIVE_INVALID' });
    expect(res.body.problems).toEqual(
      expect.arrayContaining([
        'reminders.json: its SHA-256 does not match the manifest (the file was changed or damaged)',
        'bookings.json is listed in the manifest but missing from the archive',
        'extra.txt is in the archive but not in its manifest',
      ]),
    );
    for (const service of ACCOUNT_PART_SERVICES) expect(services.imports.get(`${service}:${id}`)).toBeUndefined();
  });

  it("checks every file against its schema: a bad record is named by file and field, nothing is written", async () => {
    const archive = await anArchive((files) => {
      const reminders = JSON.parse(files.get('reminders.json')!.toString());
      reminders[0].title = 'x'.repeat(600);
      reminders[0].done = 'yes';
      files.set('reminders.json', Buffer.from(JSON.stringify(reminders)));
      withManifest(files);
    });
    const { client, id } = await signUp();
    const res = await importArchive(client, archive);
    expect(res.status).toBe(400);
    expect(res.body.problems).toEqual(expect.arrayContaining([expect.stringMatching(/^reminders\.json: 0\.title: /), expect.stringMatching(/^reminders\.json: 0\.done: /)]));
    expect(services.imports.get(`calendar:${id}`)).toBeUndefined();
    expect((await client.get('/api/auth/user')).body.themeMode).toBe('light');
  });

  it('upgrades an archive of format version 0 on the way in, and refuses a newer one', async () => {
    const archive = await anArchive((files) => {
      files.set('user.json', files.get('profile.json')!);
      files.delete('profile.json');
      const reminders = JSON.parse(files.get('reminders.json')!.toString());
      files.set('reminders.json', Buffer.from(JSON.stringify(reminders.map(({ reminderTime, place: _place, ...r }: any) => ({ ...r, time: reminderTime })))));
      withManifest(files, (m) => (m.formatVersion = 0));
    });
    const { client } = await signUp();
    const res = await importArchive(client, archive);
    expect(res.status).toBe(200);
    expect((await client.get('/api/auth/user')).body).toMatchObject({ firstName: 'Ann', themeMode: 'dark' });

    const newer = await anArchive((files) => withManifest(files, (m) => (m.formatVersion = 2)));
    const refused = await importArchive(client, newer);
    expect(refused.status).toBe(400);
    expect(refused.body.problems[0]).toMatch(/format version 2 is newer than this Jarvis reads \(1\)/);
  });

  it('refuses what is not a ZIP', async () => {
    const { client } = await signUp();
    const res = await importArchive(client, Buffer.from('not a zip at all'));
    expect(res.status).toBe(400);
    expect(res.body.problems[0]).toMatch(/not a readable ZIP archive/);
  });
});

describe('DELETE /api/account', () => {
  it('needs the password (or the typed username without one); a wrong one deletes nothing', async () => {
    const { client } = await signUp();
    expect((await client.request('DELETE', '/api/account', {})).body).toMatchObject({ code: 'VALIDATION', fields: { password: [expect.any(String)] } });
    expect((await client.request('DELETE', '/api/account', { password: 'wrong1' })).status).toBe(400);
    expect((await client.get('/api/auth/user')).status).toBe(200);

    const quick = await signUp(null);
    expect((await quick.client.request('DELETE', '/api/account', { username: 'someone-else' })).status).toBe(400);
    expect((await quick.client.request('DELETE', '/api/account', { username: quick.username.toUpperCase() })).status).toBe(200);
  });

  it('ends every session, asks every service to erase, and erases the account row once each reported', async () => {
    const { client, username, id } = await signUp();
    const otherDevice = gw.client();
    expect((await otherDevice.post('/api/login', { username, password: 'secret1' })).status).toBe(200);
    services.notDone.add('voice');
    try {
      const res = await client.request('DELETE', '/api/account', { password: 'secret1' });
      expect(res.status).toBe(200);
      expect((await client.get('/api/auth/user')).status).toBe(401);
      expect((await otherDevice.get('/api/auth/user')).status).toBe(401);
      expect((await gw.client().post('/api/login', { username, password: 'secret1' })).status).toBe(401);

      // Six services report; voice is still waiting for its provider: the account row stays.
      for (const service of ACCOUNT_PART_SERVICES.filter((s) => s !== 'voice')) {
        expect(await rpc.call(internalApi.identity.reportAccountErased, { userId: id, service }, { userId: null, tier: 'free', requestId: 't' })).toEqual({ recorded: true });
      }
      const db = gw.app.get(DataSource);
      expect(await db.query(`SELECT pending_services FROM identity.account_deletions WHERE user_id = $1`, [id])).toEqual([{ pending_services: ['voice'] }]);
      const pending = async () => (await scrapeMetrics(gw.app.get(MetricsEndpoint).boundPort!)).value('jarvis_account_deletions_pending');
      expect(await pending()).toBeGreaterThanOrEqual(1);
      // The retries ask voice again (every second here) until it answers done.
      await waitFor(() => services.erased.filter((e) => e === `voice:${id}`).length >= 2);
      services.notDone.delete('voice');
      await waitFor(async () => (await db.query(`SELECT 1 FROM identity.users WHERE id = $1`, [id])).length === 0);
      expect(await db.query(`SELECT 1 FROM identity.account_deletions WHERE user_id = $1`, [id])).toEqual([]);
      expect(await pending()).toBe(0);
    } finally {
      services.notDone.delete('voice');
    }
  });
});

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
