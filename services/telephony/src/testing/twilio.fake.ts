/**
 * A loopback fake of Twilio's REST API (2010-04-01): incoming and available numbers, messages and recording media,
 * speaking the JSON and form bodies the real `twilio` SDK sends and parses. Point TWILIO_BASE_URL at `url`.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

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

export interface TwilioFake {
  url: string;
  requests: FakeRequest[];
  numbers: FakeNumber[];
  available: string[];
  sentMessages: { sid: string; from: string; to: string; body: string }[];
  released: string[];
  recordings: Map<string, Buffer>;
  close(): Promise<void>;
}

const numberJson = (n: FakeNumber) => ({
  sid: n.sid, account_sid: FAKE_ACCOUNT_SID, phone_number: n.phoneNumber, friendly_name: n.phoneNumber,
  voice_url: n.voiceUrl ?? null, status_callback: n.statusCallback ?? null, sms_url: n.smsUrl ?? null,
});

const page = (key: string, records: unknown[], uri: string) => ({
  [key]: records, page: 0, page_size: 50, first_page_uri: uri, next_page_uri: null, previous_page_uri: null, uri, start: 0, end: records.length,
});

export async function startTwilioFake(): Promise<TwilioFake> {
  const fake: Omit<TwilioFake, 'url' | 'close'> = {
    requests: [], numbers: [], available: ['+15005550006'], sentMessages: [], released: [], recordings: new Map(),
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
    const base = `/2010-04-01/Accounts/${FAKE_ACCOUNT_SID}`;
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as TwilioFake;
}

function hooksOf(form: URLSearchParams): Partial<FakeNumber> {
  return Object.fromEntries(
    [['voiceUrl', form.get('VoiceUrl')], ['statusCallback', form.get('StatusCallback')], ['smsUrl', form.get('SmsUrl')]].filter(([, v]) => v),
  );
}
