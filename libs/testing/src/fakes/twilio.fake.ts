/**
 * A loopback fake of Twilio's REST API (2010-04-01): incoming and available numbers, messages, calls (placed, listed
 * with the call list's filters, hung up) and recording media,
 * speaking the JSON and form bodies the real `twilio` SDK sends and parses. Point TWILIO_BASE_URL at `url`.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';

export const FAKE_ACCOUNT_SID = 'AC00000000000000000000000000000001';
export const FAKE_AUTH_TOKEN = 'fake-twilio-auth-token';

export interface FakeNumber {
  sid: string;
  phoneNumber: string;
  voiceUrl?: string;
  statusCallback?: string;
  smsUrl?: string;
}

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  authorized: boolean;
}

/** A call the SDK asked the fake to place, with the URLs Twilio would call back. */
export interface FakeCall {
  sid: string;
  to: string;
  from: string;
  url: string;
  statusCallback: string;
  statusCallbackEvents: string[];
  record: boolean;
  recordingStatusCallback: string | null;
  /** The TwiML our voice URL answered, then each turn's. */
  twiml: string[];
  /** Every callback the fake sent for it, in order: `<CallStatus or path>`. */
  callbacks: string[];
  /** Hung up through the REST API (Calls/<sid> with Status=completed). */
  hungUp: boolean;
  /** When Twilio accepted it (the call list's date_created and start_time: the fake dials at once). */
  createdAt: Date;
  /** The path its client's TWILIO_BASE_URL put before Twilio's ('' without one): which client placed it. */
  basePath: string;
}

/**
 * What happens to a placed call, as the callee's phone and Twilio would make it happen: answered (the voice URL is
 * fetched, each `speech` is said to its gathers, a recording is kept), or ended as busy / no-answer / failed. 'hold'
 * sends nothing: the test plays the callbacks itself.
 */
export type CallScript =
  | { outcome: 'answer'; duration?: number; speech?: string[]; recording?: Buffer; delayMs?: number }
  | { outcome: 'busy' | 'no-answer' | 'failed'; delayMs?: number }
  | { outcome: 'hold' };

/** Delivers one signed callback to the service (over HTTP to the URL by default; the harness goes through NATS). */
export type CallbackDelivery = (url: string, params: Record<string, string>, signature: string) => Promise<{ status: number; body: string }>;

export interface TwilioFake {
  url: string;
  requests: FakeRequest[];
  numbers: FakeNumber[];
  available: string[];
  sentMessages: { sid: string; from: string; to: string; body: string }[];
  released: string[];
  recordings: Map<string, Buffer>;
  /** Every recording sid a DELETE asked for, in order (204 when the fake held it, 404 otherwise). */
  deletedRecordings: string[];
  calls: FakeCall[];
  /** How each placed call goes (default: answered, 30 s, recorded). */
  callScript: (call: FakeCall) => CallScript;
  /** Answers to the next Calls.create requests before any is placed: 500 (an outage) or 400 (a refused number). */
  failNextCalls: (500 | 400)[];
  /**
   * While set, a Calls.create is accepted (the call is placed and listed) but its answer is held until
   * `releaseCallAnswers()`: the window in which a replica that dies has placed a call without learning its CallSid.
   */
  holdCallAnswers: boolean;
  releaseCallAnswers(): void;
  deliver: CallbackDelivery;
  /** Resolves when every simulated call started so far has sent its last callback. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const numberJson = (n: FakeNumber) => ({
  sid: n.sid, account_sid: FAKE_ACCOUNT_SID, phone_number: n.phoneNumber, friendly_name: n.phoneNumber,
  voice_url: n.voiceUrl ?? null, status_callback: n.statusCallback ?? null, sms_url: n.smsUrl ?? null,
});

const page = (key: string, records: unknown[], uri: string) => ({
  [key]: records, page: 0, page_size: 50, first_page_uri: uri, next_page_uri: null, previous_page_uri: null, uri, start: 0, end: records.length,
});

/**
 * About a second of silence as a playable MP3 (38 MPEG-1 Layer III frames, 128 kbit/s, 44.1 kHz, mono, all-zero
 * audio data), so a browser test can play the recording a call left.
 */
export const SILENT_MP3 = (() => {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0xc4]);
  return Buffer.concat(Array.from({ length: 38 }, () => frame));
})();

export async function startTwilioFake(): Promise<TwilioFake> {
  const running = new Set<Promise<void>>();
  const heldAnswers: (() => void)[] = [];
  const fake: Omit<TwilioFake, 'url' | 'close' | 'settled'> = {
    requests: [], numbers: [], available: ['+15005550006'], sentMessages: [], released: [], recordings: new Map(), deletedRecordings: [],
    calls: [], callScript: () => ({ outcome: 'answer', duration: 30 }), failNextCalls: [], deliver: httpDelivery,
    holdCallAnswers: false,
    releaseCallAnswers: () => {
      for (const release of heldAnswers.splice(0)) release();
    },
  };
  let counter = 0;
  const sid = (prefix: string) => `${prefix}${String(++counter).padStart(32, '0')}`;
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const expectedAuth = `Basic ${Buffer.from(`${FAKE_ACCOUNT_SID}:${FAKE_AUTH_TOKEN}`).toString('base64')}`;
    const request: FakeRequest = {
      method: req.method ?? 'GET', path: url.pathname, query: url.searchParams,
      form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')), authorized: req.headers.authorization === expectedAuth,
    };
    fake.requests.push(request);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (!request.authorized) return json(401, { code: 20003, message: 'Authenticate', status: 401 });
    // A TWILIO_BASE_URL with a path (a proxy's prefix) puts it before Twilio's own: kept as the request's basePath.
    const apiAt = url.pathname.indexOf('/2010-04-01/');
    const basePath = apiAt > 0 ? url.pathname.slice(0, apiAt) : '';
    const base = `${basePath}/2010-04-01/Accounts/${FAKE_ACCOUNT_SID}`;
    const path = url.pathname.startsWith(base) ? url.pathname.slice(base.length) : url.pathname;
    let m: RegExpMatchArray | null;
    if (req.method === 'GET' && path === '/IncomingPhoneNumbers.json') {
      const wanted = url.searchParams.get('PhoneNumber');
      return json(200, page('incoming_phone_numbers', fake.numbers.filter((n) => !wanted || n.phoneNumber === wanted).map(numberJson), url.pathname));
    }
    if (req.method === 'POST' && path === '/IncomingPhoneNumbers.json') {
      const number: FakeNumber = { sid: sid('PN'), phoneNumber: request.form.get('PhoneNumber') ?? '' };
      Object.assign(number, hooksOf(request.form));
      fake.numbers.push(number);
      fake.available = fake.available.filter((n) => n !== number.phoneNumber);
      return json(201, numberJson(number));
    }
    if ((m = path.match(/^\/IncomingPhoneNumbers\/(PN\w+)\.json$/))) {
      const number = fake.numbers.find((n) => n.sid === m![1]);
      if (!number) return json(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      if (req.method === 'DELETE') {
        fake.numbers = fake.numbers.filter((n) => n !== number);
        fake.released.push(number.sid);
        res.writeHead(204).end();
        return;
      }
      Object.assign(number, hooksOf(request.form));
      return json(200, numberJson(number));
    }
    if (req.method === 'GET' && path === '/AvailablePhoneNumbers/US/Local.json') {
      return json(200, page('available_phone_numbers', fake.available.map((n) => ({ phone_number: n, friendly_name: n, iso_country: 'US' })), url.pathname));
    }
    if (req.method === 'POST' && path === '/Messages.json') {
      const message = { sid: sid('SM'), from: request.form.get('From') ?? '', to: request.form.get('To') ?? '', body: request.form.get('Body') ?? '' };
      fake.sentMessages.push(message);
      return json(201, { ...message, account_sid: FAKE_ACCOUNT_SID, status: 'queued' });
    }
    if (req.method === 'POST' && path === '/Calls.json') {
      const failure = fake.failNextCalls.shift();
      if (failure === 500) return json(500, { code: 20500, message: 'Internal Server Error', status: 500 });
      if (failure === 400) return json(400, { code: 21215, message: 'Geographic permission is not enabled for this number', status: 400 });
      const call: FakeCall = {
        sid: sid('CA'), to: request.form.get('To') ?? '', from: request.form.get('From') ?? '', url: request.form.get('Url') ?? '',
        statusCallback: request.form.get('StatusCallback') ?? '', statusCallbackEvents: request.form.getAll('StatusCallbackEvent'),
        record: request.form.get('Record') === 'true', recordingStatusCallback: request.form.get('RecordingStatusCallback'),
        twiml: [], callbacks: [], hungUp: false, createdAt: new Date(), basePath,
      };
      fake.calls.push(call);
      if (fake.holdCallAnswers) await new Promise<void>((release) => heldAnswers.push(release));
      json(201, callJson(call, 'queued'));
      const run = simulate(fake as TwilioFake, call, sid).catch(() => undefined);
      running.add(run);
      void run.finally(() => running.delete(run));
      return;
    }
    if (req.method === 'GET' && path === '/Calls.json') {
      // The call list's filters as Twilio reads them (To, From, Status, StartTime with < > or a day), newest first.
      const q = url.searchParams;
      const day = (value: string) => value.slice(0, 10);
      const listed = fake.calls
        .filter((c) => (!q.get('To') || c.to === q.get('To')) && (!q.get('From') || c.from === q.get('From')))
        .filter((c) => !q.get('Status') || callStatusOf(c) === q.get('Status'))
        .filter((c) => !q.get('StartTime') || c.createdAt.toISOString().slice(0, 10) === day(q.get('StartTime')!))
        .filter((c) => !q.get('StartTime>') || c.createdAt >= new Date(q.get('StartTime>')!))
        .filter((c) => !q.get('StartTime<') || c.createdAt <= new Date(q.get('StartTime<')!))
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .slice(0, Number(q.get('PageSize') ?? 50));
      return json(200, page('calls', listed.map((c) => callJson(c, callStatusOf(c))), url.pathname));
    }
    if (req.method === 'POST' && (m = path.match(/^\/Calls\/(CA\w+)\.json$/))) {
      const call = fake.calls.find((c) => c.sid === m![1]);
      if (!call) return json(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      if (request.form.get('Status') === 'completed' || request.form.get('Status') === 'canceled') call.hungUp = true;
      return json(200, { sid: call.sid, account_sid: FAKE_ACCOUNT_SID, to: call.to, from: call.from, status: 'completed' });
    }
    if (req.method === 'DELETE' && (m = path.match(/^\/Recordings\/(RE\w+)\.json$/))) {
      fake.deletedRecordings.push(m[1]);
      if (!fake.recordings.delete(m[1])) return json(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'GET' && (m = path.match(/^\/Recordings\/(RE\w+)\.mp3$/))) {
      const audio = fake.recordings.get(m[1]);
      if (!audio) return json(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': String(audio.length) });
      res.end(audio);
      return;
    }
    json(404, { code: 20404, message: `No fake for ${req.method} ${url.pathname}`, status: 404 });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(fake, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    settled: async () => {
      while (running.size > 0) await Promise.all([...running]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as TwilioFake;
}

/** Where a call is, as the fake played it: its last status callback, or hung up. */
function callStatusOf(call: FakeCall): string {
  if (call.hungUp) return 'completed';
  const statuses = call.callbacks.filter((c) => ['initiated', 'ringing', 'in-progress', 'completed', 'busy', 'no-answer', 'failed'].includes(c));
  const last = statuses.at(-1);
  return !last || last === 'initiated' ? 'queued' : last;
}

/** A call resource as Twilio's REST API answers it (dates in RFC 2822, as the SDK parses them). */
const callJson = (call: FakeCall, status: string) => ({
  sid: call.sid, account_sid: FAKE_ACCOUNT_SID, to: call.to, from: call.from, status, direction: 'outbound-api',
  date_created: call.createdAt.toUTCString(), date_updated: call.createdAt.toUTCString(), start_time: call.createdAt.toUTCString(),
});

function hooksOf(form: URLSearchParams): Partial<FakeNumber> {
  return Object.fromEntries(
    [['voiceUrl', form.get('VoiceUrl')], ['statusCallback', form.get('StatusCallback')], ['smsUrl', form.get('SmsUrl')]].filter(([, v]) => v),
  );
}

/** Posts a callback as Twilio does: form-encoded, signed with the account's token over the URL and the fields. */
const httpDelivery: CallbackDelivery = async (url, params, signature) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    body: new URLSearchParams(params).toString(),
  });
  return { status: res.status, body: await res.text() };
};

/** Plays one placed call to its end with signed callbacks, in the order Twilio sends them. */
async function simulate(fake: TwilioFake, call: FakeCall, sid: (prefix: string) => string) {
  const script = fake.callScript(call);
  if (script.outcome === 'hold') return;
  if (script.delayMs) await new Promise((resolve) => setTimeout(resolve, script.delayMs));
  const base = { AccountSid: FAKE_ACCOUNT_SID, CallSid: call.sid, From: call.from, To: call.to, Direction: 'outbound-api' };
  const post = async (url: string, fields: Record<string, string>, label: string) => {
    const params = { ...base, ...fields };
    call.callbacks.push(label);
    return fake.deliver(url, params, twilio.getExpectedTwilioSignature(FAKE_AUTH_TOKEN, url, params));
  };
  const status = (CallStatus: string, extra: Record<string, string> = {}) =>
    post(call.statusCallback, { CallStatus, ...extra }, CallStatus);
  await status('initiated');
  await status('ringing');
  if (script.outcome !== 'answer') {
    await status(script.outcome, { CallDuration: '0' });
    return;
  }
  await status('in-progress');
  let reply = await post(call.url, { CallStatus: 'in-progress' }, 'voice');
  call.twiml.push(reply.body);
  for (const said of script.speech ?? []) {
    const action = reply.body.match(/<Gather[^>]*action="([^"]+)"/)?.[1];
    if (!action) break;
    reply = await post(action.replace(/&amp;/g, '&'), { CallStatus: 'in-progress', SpeechResult: said, Confidence: '0.9' }, 'turn');
    call.twiml.push(reply.body);
  }
  const duration = String(script.duration ?? 30);
  if (call.record && call.recordingStatusCallback) {
    const RecordingSid = sid('RE');
    fake.recordings.set(RecordingSid, script.recording ?? SILENT_MP3);
    await post(call.recordingStatusCallback, { RecordingSid, RecordingStatus: 'completed', RecordingDuration: duration }, 'recording');
  }
  await status('completed', { CallDuration: duration });
}
