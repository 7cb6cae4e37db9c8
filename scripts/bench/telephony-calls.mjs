// Telephony through the gateway's webhook ingress, played as Twilio plays it: signed form posts to
// /webhooks/telephony/..., answered with TwiML.
//  - One call at a time: the incoming-call webhook (the owner's context asked of chat, calendar and identity) and a
//    conversation turn (one model call), each our time p50 and p99 minus the model's own time.
//  - 50 calls at once over 2 telephony replicas, each of a greeting, 3 turns and the status callback (Twilio sends
//    the status callback twice for some), then every call must be exactly one phone message.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const round = (x) => Math.round(x * 100) / 100;

export async function benchTelephony({ root, baseUrl, publicUrl, authToken, databaseUrl, env, owners, modelP50, calls = 50 }) {
  const twilio = require('twilio');
  const { Client } = require('pg');
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    // One premium line per owner, written as a claim through Twilio's API would leave it.
    const lines = [];
    for (const [i, owner] of owners.entries()) {
      const number = `+1555${String(7_000_000 + i).padStart(7, '0')}`;
      await db.query(
        `INSERT INTO telephony.phone_lines (user_id, phone_number, twilio_sid, purchased, tier) VALUES ($1, $2, $3, false, 'premium')`,
        [owner, number, `PN${String(i).padStart(32, '0')}`],
      );
      lines.push(number);
    }

    const webhook = async (path, params) => {
      const url = `${publicUrl}/webhooks/telephony${path}`;
      const signature = twilio.getExpectedTwilioSignature(authToken, url, params);
      const t0 = performance.now();
      const res = await fetch(`${baseUrl}/webhooks/telephony${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        body: new URLSearchParams(params).toString(),
      });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${path}: ${res.status} ${text}`);
      const ms = performance.now() - t0;
      // With OPENAI_REALTIME_MODEL set (section 10) a call is answered with a stream; this section plays Twilio without
      // one, so it asks what follows as Twilio does when a stream ends, and the call goes on turn by turn.
      if (path === '/voice' && text.includes('<Connect')) await webhook('/media/ended', { CallSid: params.CallSid, CallStatus: 'in-progress' });
      return { ms, twiml: text };
    };
    const callSid = () => `CA${randomBytes(16).toString('hex')}`;

    // One call at a time: greeting and turns.
    const greetings = [];
    const turns = [];
    for (let i = 0; i < 40; i++) {
      const CallSid = callSid();
      const To = lines[i % lines.length];
      greetings.push((await webhook('/voice', { CallSid, From: '+15551230000', To, CallStatus: 'ringing' })).ms);
      for (let t = 0; t < 5; t++) turns.push((await webhook('/turn', { CallSid, SpeechResult: `Question number ${t}, is she free later?` })).ms);
      await webhook('/status', { CallSid, CallStatus: 'completed', CallDuration: '30' });
    }
    const pct = (list, p) => round([...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(p * list.length))]);

    // 50 calls at once over 2 replicas.
    const replica = spawn(process.execPath, [join(root, 'services/telephony/dist/main.js')], {
      cwd: root, env: { ...env, SERVICE_NAME: 'telephony' }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let replicaOut = '';
    replica.stdout.on('data', (c) => (replicaOut += c));
    replica.stderr.on('data', (c) => (replicaOut += c));
    try {
      await waitForHealth(baseUrl);
      await new Promise((r) => setTimeout(r, 3000)); // the replica joins the queue group
      if (replica.exitCode !== null) throw new Error(`the second telephony replica exited:\n${replicaOut}`);
      const sids = Array.from({ length: calls }, () => callSid());
      const t0 = performance.now();
      const failures = [];
      await Promise.all(sids.map(async (CallSid, i) => {
        try {
          const To = lines[i % lines.length];
          await webhook('/voice', { CallSid, From: `+1555999${String(i).padStart(4, '0')}`, To, CallStatus: 'ringing' });
          for (let t = 0; t < 3; t++) await webhook('/turn', { CallSid, SpeechResult: `Please call me back about item ${t}` });
          // Twilio retries: the status callback arrives twice for every other call.
          await Promise.all(Array.from({ length: i % 2 ? 2 : 1 }, () => webhook('/status', { CallSid, CallStatus: 'completed', CallDuration: '45' })));
        } catch (error) {
          failures.push(error.message);
        }
      }));
      const wallMs = round(performance.now() - t0);
      const { rows } = await db.query(`SELECT source_sid, count(*)::int AS n FROM telephony.phone_messages WHERE source_sid = ANY($1) GROUP BY source_sid`, [sids]);
      const counts = new Map(rows.map((r) => [r.source_sid, r.n]));
      const exactlyOne = sids.filter((s) => counts.get(s) === 1).length;
      return {
        latency: [
          { webhook: 'call comes in (/voice, owner context asked)', p50: pct(greetings, 0.5), p99: pct(greetings, 0.99) },
          { webhook: 'conversation turn (/turn, one model call)', p50: pct(turns, 0.5), p99: pct(turns, 0.99), 'ours p99 (minus model p50)': round(pct(turns, 0.99) - modelP50) },
        ],
        concurrent: { calls, replicas: 2, wallMs, failures: failures.length, exactlyOneMessage: exactlyOne, firstFailure: failures[0] ?? '' },
      };
    } finally {
      replica.kill('SIGTERM');
      if (replica.exitCode === null) await new Promise((r) => replica.once('exit', r));
    }
  } finally {
    await db.end();
  }
}

async function waitForHealth(baseUrl) {
  for (let i = 0; i < 120; i++) {
    const res = await fetch(`${baseUrl}/health`).catch(() => null);
    if (res?.ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the system is not healthy');
}
