// npm run bench, section 11 (issue 22): a user's data out and in again.
// An account holding 10,000 chat messages, 1,000 reminders and 100 phone messages (written straight into the services'
// tables, as years of use would have left them) is exported through the gateway as the Account page does it: the time
// from POST /api/account/export to the archive being complete (target < 10 s), each part's share, the gateway's
// resident memory at its highest while the archive is written; then downloaded and imported into a fresh account on
// the same installation (POST /api/account/import, multipart), twice: the times and what was written.
// The download's memory is measured on an archive larger than its budget: an account whose 20 recorded voice samples
// of 4 MB each (kept until their clone is made) make an 80 MB archive, read by a client taking 8 MB a second; the
// gateway's memory is sampled all along against its idle figure (target: at most 50 MB above idle; the archive streams
// from the Object Store, it is never held whole).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const round = (x) => Math.round(x * 100) / 100;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const AJAX = { 'X-Requested-With': 'XMLHttpRequest' };

/** The same words every run (a small linear congruential generator), so archives compress alike from run to run. */
function textMaker(seed = 22) {
  const words = (
    'the a to and of in for on with my your is are be at this that it call meeting tomorrow today remind please ' +
    'doctor mom project report email send check weather flight hotel dinner lunch week monday friday morning ' +
    'evening jarvis schedule budget invoice client team review notes summary plan idea groceries gym birthday ' +
    'train book order pay bill car insurance school kids garden trip paris london coffee tea phone number address'
  ).split(' ');
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state;
  };
  return (chars) => {
    const out = [];
    let length = 0;
    while (length < chars) {
      const word = words[next() % words.length];
      out.push(word);
      length += word.length + 1;
    }
    const sentence = out.join(' ');
    return sentence[0].toUpperCase() + sentence.slice(1) + '.';
  };
}

/** 10,000 messages (questions of ~80 characters, answers of ~500), 1,000 reminders, 100 phone messages with transcripts. */
export async function seedAccount(databaseUrl, userId, { messages = 10_000, reminders = 1_000, phoneMessages = 100 } = {}) {
  const { Client } = require('pg');
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const text = textMaker();
  const start = Date.now() - 365 * 24 * 3600_000;
  try {
    const roles = [];
    const contents = [];
    const times = [];
    for (let i = 0; i < messages; i++) {
      roles.push(i % 2 === 0 ? 'user' : 'assistant');
      contents.push(text(i % 2 === 0 ? 80 : 500));
      times.push(new Date(start + i * 60_000).toISOString());
    }
    await db.query(
      `INSERT INTO chat.messages (user_id, role, content, actions, created_at)
       SELECT $1, r, c, '[]'::jsonb, t FROM unnest($2::text[], $3::text[], $4::timestamptz[]) AS x(r, c, t)`,
      [userId, roles, contents, times],
    );
    const titles = [];
    const whens = [];
    const dues = [];
    for (let i = 0; i < reminders; i++) {
      const due = new Date(Date.now() + (i + 1) * 3600_000);
      titles.push(text(40));
      whens.push(due.toLocaleString('en-US', { timeZone: 'America/New_York' }));
      dues.push(due.toISOString());
    }
    await db.query(
      `INSERT INTO calendar.reminders (user_id, title, when_text, reminder_time, done)
       SELECT $1, t, w, d, false FROM unnest($2::text[], $3::text[], $4::timestamptz[]) AS x(t, w, d)`,
      [userId, titles, whens, dues],
    );
    const sids = [];
    const transcripts = [];
    const answers = [];
    for (let i = 0; i < phoneMessages; i++) {
      sids.push(`CAbench${userId.replace(/-/g, '').slice(0, 12)}${String(i).padStart(6, '0')}`);
      transcripts.push(text(1_000));
      answers.push(text(300));
    }
    await db.query(
      `INSERT INTO telephony.phone_messages (user_id, source_sid, caller_name, caller_number, duration, transcript, jarvis_response)
       SELECT $1, s, 'Caller', '+15551230000', 42, tr, a FROM unnest($2::text[], $3::text[], $4::text[]) AS x(s, tr, a)`,
      [userId, sids, transcripts, answers],
    );
  } finally {
    await db.end();
  }
  return { messages, reminders, phoneMessages };
}

/** A voice clone (failed, so no job takes it up) with `count` recorded samples of `bytes` each, as noise (audio does not compress). */
export async function seedVoiceSamples(databaseUrl, userId, { count = 20, bytes = 4 * 1024 * 1024 } = {}) {
  const { Client } = require('pg');
  const { randomBytes, randomUUID } = require('node:crypto');
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const cloneId = randomUUID();
    await db.query(`INSERT INTO voice.voice_clones (user_id, clone_id, status, failure_reason) VALUES ($1, $2, 'failed', 'bench')`, [userId, cloneId]);
    for (let position = 0; position < count; position++) {
      await db.query(
        `INSERT INTO voice.voice_samples (user_id, clone_id, position, content_type, data) VALUES ($1, $2, $3, 'audio/webm', $4)`,
        [userId, cloneId, position, randomBytes(bytes)],
      );
    }
  } finally {
    await db.end();
  }
  return count * bytes;
}

/** POST /api/account/export, then its state every 50 ms until it is complete: the time, each part's share, the gateway's peak. */
async function timedExport(baseUrl, cookie, gatewayRssMb) {
  const t0 = performance.now();
  const { id } = await call(baseUrl, 'POST', '/api/account/export', cookie);
  const partDone = {};
  let state;
  let peakMb = 0;
  for (;;) {
    state = await call(baseUrl, 'GET', `/api/account/export/${id}`, cookie);
    peakMb = Math.max(peakMb, gatewayRssMb());
    const elapsed = performance.now() - t0;
    for (const [part, s] of Object.entries(state.parts)) if (s === 'done' && partDone[part] === undefined) partDone[part] = elapsed;
    if (state.status === 'completed' || state.status === 'failed') break;
    if (elapsed > 300_000) throw new Error(`the export did not finish in 300 s: ${JSON.stringify(state)}`);
    await sleep(50);
  }
  const ms = performance.now() - t0;
  if (state.status !== 'completed') throw new Error(`the export failed: ${state.error}`);
  let previous = 0;
  const parts = Object.fromEntries(
    Object.entries(partDone).sort(([, a], [, b]) => a - b).map(([part, at]) => {
      const own = Math.round(at - previous);
      previous = at;
      return [part, own];
    }),
  );
  return { ms, parts, peakMb, state };
}

/** The archive behind a download link, read at most `bytesPerSecond` (Infinity: as fast as it comes), with the gateway's peak memory. */
async function download(baseUrl, url, cookie, bytesPerSecond, gatewayRssMb) {
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, gatewayRssMb())), 50);
  try {
    const t0 = performance.now();
    const res = await fetch(baseUrl + url, { headers: { ...AJAX, Cookie: cookie } });
    if (!res.ok) throw new Error(`download: ${res.status} ${await res.text()}`);
    const chunks = [];
    let received = 0;
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.length;
      const due = (received / bytesPerSecond) * 1000 - (performance.now() - t0);
      if (due > 0) await sleep(due);
    }
    const archive = Buffer.concat(chunks);
    if (archive.length !== Number(res.headers.get('content-length'))) throw new Error('the download ended short of its length');
    return { archive, ms: performance.now() - t0, peakMb: Math.max(peak, gatewayRssMb()) };
  } finally {
    clearInterval(sampler);
  }
}

async function call(baseUrl, method, path, cookie) {
  const res = await fetch(baseUrl + path, { method, headers: { ...AJAX, Cookie: cookie } });
  const body = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * `owner` holds the seeded data, `fresh` is an empty account that imports the archive; `gatewayRssMb()` reads the
 * gateway's resident memory now.
 */
export async function benchAccountExport({ baseUrl, databaseUrl, owner, fresh, heavy, gatewayRssMb }) {
  const seeded = await seedAccount(databaseUrl, owner.id);
  const sampleBytes = await seedVoiceSamples(databaseUrl, heavy.id);

  // The account of 10,000 messages: exported as the Account page does it, downloaded, imported into the fresh account.
  await sleep(1_000);
  const idleBeforeExport = median(await sampleRss(gatewayRssMb, 2_000));
  const exported = await timedExport(baseUrl, owner.cookie, gatewayRssMb);
  const { archive } = await download(baseUrl, exported.state.downloadUrl, owner.cookie, Infinity, gatewayRssMb);
  const manifest = await manifestOf(archive);
  const count = (path) => manifest.files.find((f) => f.path === path)?.count;
  if (count('messages.json') !== seeded.messages || count('reminders.json') !== seeded.reminders || count('phone-messages.json') !== seeded.phoneMessages) {
    throw new Error(`the archive does not hold the account: ${JSON.stringify(manifest.files.map((f) => [f.path, f.count]))}`);
  }
  const form = new FormData();
  form.append('archive', new Blob([archive], { type: 'application/zip' }), 'jarvis-export.zip');
  const i0 = performance.now();
  const imported = await fetch(`${baseUrl}/api/account/import`, { method: 'POST', body: form, headers: { ...AJAX, Cookie: fresh.cookie } });
  const importBody = await imported.json();
  const importMs = performance.now() - i0;
  if (!imported.ok) throw new Error(`import: ${imported.status} ${JSON.stringify(importBody)}`);
  const i1 = performance.now();
  const again = await fetch(`${baseUrl}/api/account/import`, { method: 'POST', body: form, headers: { ...AJAX, Cookie: fresh.cookie } });
  const againBody = await again.json();
  const againMs = performance.now() - i1;
  if (!again.ok || Object.values(againBody.parts).some((p) => p !== 'already imported')) throw new Error(`second import: ${JSON.stringify(againBody)}`);

  // The 80 MB archive: written, then read by a client taking 8 MB a second, the gateway's memory against its idle figure.
  const heavyExport = await timedExport(baseUrl, heavy.cookie, gatewayRssMb);
  await sleep(2_000);
  const idle = median(await sampleRss(gatewayRssMb, 3_000));
  const slow = await download(baseUrl, heavyExport.state.downloadUrl, heavy.cookie, 8 * 1024 * 1024, gatewayRssMb);
  if (slow.archive.length < sampleBytes) throw new Error(`the archive holds ${slow.archive.length} bytes, less than its ${sampleBytes} bytes of samples`);

  return {
    export: {
      messages: seeded.messages,
      reminders: seeded.reminders,
      'phone messages': seeded.phoneMessages,
      'export s': round(exported.ms / 1000),
      'archive MB': round(archive.length / 1024 / 1024),
      'archive files': manifest.files.length + 1,
      'gateway RSS idle MB': round(idleBeforeExport),
      'gateway RSS peak while writing MB': round(exported.peakMb),
    },
    parts: exported.parts,
    import: {
      'import s': round(importMs / 1000),
      'messages written': importBody.counts['messages.json'],
      'reminders written': importBody.counts['reminders.json'],
      'phone messages written': importBody.counts['phone-messages.json'],
      'same archive again s': round(againMs / 1000),
    },
    download: {
      'archive MB (20 voice samples)': round(slow.archive.length / 1024 / 1024),
      'export s': round(heavyExport.ms / 1000),
      'gateway RSS peak while writing MB': round(heavyExport.peakMb),
      'download s (8 MB/s client)': round(slow.ms / 1000),
      'gateway RSS idle MB': round(idle),
      'gateway RSS peak while downloading MB': round(slow.peakMb),
      'above idle MB': round(slow.peakMb - idle),
    },
  };
}

async function sampleRss(read, ms) {
  const samples = [];
  const end = performance.now() + ms;
  while (performance.now() < end) {
    samples.push(read());
    await sleep(100);
  }
  return samples;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** The archive's manifest.json, read with the same ZIP reader the gateway uses. */
function manifestOf(archive) {
  const { fromBuffer } = require('yauzl');
  return new Promise((resolve, reject) => {
    fromBuffer(archive, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      zip.on('entry', (entry) => {
        if (entry.fileName !== 'manifest.json') return zip.readEntry();
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          const parts = [];
          stream.on('data', (c) => parts.push(c));
          stream.on('end', () => {
            zip.close();
            resolve(JSON.parse(Buffer.concat(parts).toString()));
          });
        });
      });
      zip.on('end', () => reject(new Error('the archive has no manifest.json')));
      zip.readEntry();
    });
  });
}
