// Streamed calls (issue 20) through the running system, played as Twilio plays them: signed incoming-call webhooks
// answered with <Connect><Stream>, then a real WebSocket to the gateway's /webhooks/telephony/media (signed over the
// wss:// URL), μ-law frames every 20 ms both ways, marks echoed as the audio plays. The Realtime API is the fake of
// libs/testing on the same base URL as the chat model, stamping each audio delta with a sequence number and the time
// it left, so each frame is timed from the model to the phone.
//  - our latency per frame: a model audio delta leaving the fake to its Twilio frame reaching the phone (p50, p99);
//  - per turn: the model's speech_stopped to the first frame on the phone, minus the model's own time (its first delta);
//  - frames lost or reordered; telephony's CPU per call-second;
//  - for comparison, the turn-based path measured the same way: Twilio's /turn webhook (the caller's words) to the
//    TwiML holding the answer, minus the model's own time.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const round = (x) => Math.round(x * 100) / 100;
const pct = (list, p) => (list.length ? round([...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(p * list.length))]) : NaN);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function benchStreamedCalls({ baseUrl, publicUrl, authToken, databaseUrl, owners, realtime, telephonyCpuMs, modelP50, calls = 20, seconds = 30 }) {
  const twilio = require('twilio');
  const { Client } = require('pg');
  const { openWebSocket, webSocketTransport, TwilioMediaCall, readStamp, mulawTone, mulawSilence } = require('@jarvis/testing/fakes');
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const lines = [];
  try {
    for (const [i, owner] of owners.entries()) {
      const number = `+1555${String(8_000_000 + i).padStart(7, '0')}`;
      await db.query(
        `INSERT INTO telephony.phone_lines (user_id, phone_number, twilio_sid, purchased, tier) VALUES ($1, $2, $3, false, 'premium') ON CONFLICT DO NOTHING`,
        [owner, number, `PN8${String(i).padStart(31, '0')}`],
      );
      lines.push(number);
    }
  } finally {
    await db.end();
  }
  const webhook = async (path, params) => {
    const url = `${publicUrl}/webhooks/telephony${path}`;
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}/webhooks/telephony${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilio.getExpectedTwilioSignature(authToken, url, params) },
      body: new URLSearchParams(params).toString(),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${text}`);
    return { ms: performance.now() - t0, twiml: text };
  };
  const mediaUrl = `${publicUrl.replace(/^http/, 'ws').replace(/^wss?:/, 'wss:')}/webhooks/telephony/media`;
  const signature = twilio.getExpectedTwilioSignature(authToken, mediaUrl, {});
  const tone = mulawTone(1_500);
  const quiet = mulawSilence(20);
  const sessionsBefore = realtime.sessions.length;

  // The callers ring and connect their streams (a turn takes about 3.3 s: 1.5 s of words, the model's answer, a
  // pause, so 30 s stay under the 10-turn limit).
  const running = await Promise.all(Array.from({ length: calls }, async (_, i) => {
    const CallSid = `CA${randomBytes(16).toString('hex')}`;
    const { twiml } = await webhook('/voice', { CallSid, From: `+1555777${String(i).padStart(4, '0')}`, To: lines[i % lines.length], CallStatus: 'ringing' });
    if (!twiml.includes('<Stream')) throw new Error(`the call was not answered with a stream: ${twiml}`);
    const socket = await openWebSocket(`${baseUrl.replace(/^http/, 'ws')}/webhooks/telephony/media`, { 'x-twilio-signature': signature });
    const call = new TwilioMediaCall(webSocketTransport(socket), { callSid: CallSid, customParameters: { callSid: CallSid } }).start();
    return { CallSid, call, turns: 0 };
  }));

  // Each caller, like Twilio, sends a frame every 20 ms: its words when it speaks, the line's quiet otherwise. It
  // speaks once the assistant's answer has played (every mark echoed) and 300 ms have passed: nobody interrupts.
  const cpuBefore = telephonyCpuMs();
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(running.map(async (c, i) => {
    await sleep((i * 20) / calls);
    let speaking = null;
    let heardSince = 0;
    let next = performance.now();
    while (performance.now() < end) {
      const now = performance.now();
      const lastPlayed = c.call.echoedMarks.at(-1)?.at ?? 0;
      const lastArrived = c.call.media.at(-1)?.at ?? 0;
      if (!speaking && c.call.media.length > heardSince && !c.call.playing && now - lastPlayed > 300 && now - lastArrived > 300) {
        speaking = { offset: 0 };
        heardSince = c.call.media.length;
        c.turns++;
      }
      let frame = quiet;
      if (speaking) {
        frame = tone.subarray(speaking.offset, speaking.offset + 160);
        speaking.offset += 160;
        if (speaking.offset >= tone.length) speaking = null;
      }
      await c.call.speak(frame, 0);
      next += 20;
      await sleep(Math.max(0, next - performance.now()));
    }
  }));
  const elapsedS = (performance.now() - started) / 1000;
  const cpuMs = telephonyCpuMs() - cpuBefore;
  // Let the last answers arrive, then the callers hang up.
  await sleep(1_000);
  for (const c of running) c.call.hangUp();
  await Promise.all(running.map((c) => c.call.closed));
  await Promise.all(running.map((c) => webhook('/status', { CallSid: c.CallSid, CallStatus: 'completed', CallDuration: String(Math.round(elapsedS)) }).catch(() => undefined)));

  // Every frame timed from the model to the phone; per call, the stamps must only go up.
  const latencies = [];
  const arrivals = new Map();
  let received = 0;
  let reordered = 0;
  for (const c of running) {
    let last = 0;
    for (const m of c.call.media) {
      const seq = readStamp(m.audio);
      if (seq === null) continue;
      received++;
      if (seq < last) reordered++;
      last = seq;
      arrivals.set(seq, m.at);
      latencies.push(m.at - realtime.stamps.get(seq));
    }
  }
  const sessions = realtime.sessions.slice(sessionsBefore);
  const sent = sessions.reduce((n, s) => n + s.responses.reduce((m, r) => m + r.deltas, 0), 0);
  const firstFrame = [];
  const modelOwn = [];
  for (const s of sessions) {
    for (const r of s.responses) {
      if (r.speechStoppedAt === undefined || r.firstStamp === undefined || !arrivals.has(r.firstStamp)) continue;
      firstFrame.push(arrivals.get(r.firstStamp) - r.firstDeltaAt);
      modelOwn.push(r.firstDeltaAt - r.speechStoppedAt);
    }
  }

  // The turn-based path, the same way: the caller's words reaching us (Twilio's /turn) to the answer's TwiML.
  const turnBased = [];
  for (let i = 0; i < 20; i++) {
    const CallSid = `CA${randomBytes(16).toString('hex')}`;
    const line = lines[i % lines.length];
    // The call is answered with a stream that Twilio never connects: it asks what follows, and the call goes on
    // turn by turn (the fallback), each turn a /turn webhook.
    await webhook('/voice', { CallSid, From: '+15551230000', To: line, CallStatus: 'ringing' });
    await webhook('/media/ended', { CallSid, CallStatus: 'in-progress' });
    for (let t = 0; t < 3; t++) turnBased.push((await webhook('/turn', { CallSid, SpeechResult: `Question number ${t}, is she free later?` })).ms);
    await webhook('/status', { CallSid, CallStatus: 'completed', CallDuration: '20' });
  }

  return {
    streamed: {
      calls,
      seconds: round(elapsedS),
      turns: running.reduce((n, c) => n + c.turns, 0),
      frames: received,
      'frame p50 ms': pct(latencies, 0.5),
      'frame p99 ms': pct(latencies, 0.99),
      'first frame of a turn, ours p50 ms': pct(firstFrame, 0.5),
      'ours p99 ms': pct(firstFrame, 0.99),
      'model own p50 ms': pct(modelOwn, 0.5),
      lost: sent - received,
      reordered,
      'telephony CPU ms per call-second': round(cpuMs / (calls * elapsedS)),
    },
    turnBased: {
      turns: turnBased.length,
      'webhook p50 ms': pct(turnBased, 0.5),
      'webhook p99 ms': pct(turnBased, 0.99),
      'ours p50 ms (minus model p50)': round(pct(turnBased, 0.5) - modelP50),
      'ours p99 ms (minus model p50)': round(pct(turnBased, 0.99) - modelP50),
    },
  };
}
