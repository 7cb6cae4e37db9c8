/**
 * A loopback fake of Google for tests: the OAuth server (consent redirect, token with the authorization_code and
 * refresh_token grants, revoke, user info), Gmail (users.getProfile, messages list/get/modify/trash/delete/send) and
 * Calendar (events list/insert/update, freeBusy), on one address that serves as both GOOGLE_OAUTH_BASE_URL and
 * GOOGLE_API_BASE_URL. Shapes follow Google's REST reference, so the real google-auth-library and @googleapis/*
 * clients run against it. Tokens are checked: an access token belongs to one account and grant, a revoked grant
 * answers invalid_grant, a missing scope 403.
 */
import { randomBytes } from 'node:crypto';
import { type LoopbackFake, type RecordedRequest, type FakeReply, startLoopback } from './loopback';

export const FAKE_GOOGLE_CLIENT_ID = 'jarvis-test.apps.googleusercontent.com';
export const FAKE_GOOGLE_CLIENT_SECRET = 'fake-google-client-secret';

export interface FakeMailInput {
  /** Hex id like Gmail's; generated when left out. */
  id?: string;
  threadId?: string;
  from?: string;
  to?: string;
  subject?: string;
  /** Milliseconds since the epoch (Gmail's internalDate); now, minus the message's position, when left out. */
  internalDate?: number;
  labelIds?: string[];
  snippet?: string;
  text?: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
  attachments?: { filename: string; mimeType: string; content: string }[];
}

export interface FakeMail {
  id: string;
  threadId: string;
  internalDate: number;
  labelIds: string[];
  snippet: string;
  headers: { name: string; value: string }[];
  text?: string;
  html?: string;
  attachments: { filename: string; mimeType: string; content: string; attachmentId: string }[];
}

export interface FakeSentMail {
  id: string;
  /** The decoded RFC 822 message. */
  raw: string;
  headers: Record<string, string>;
  body: string;
}

export interface FakeEventInput {
  id?: string;
  summary?: string;
  description?: string;
  location?: string;
  /** ISO date-time (timed event) or YYYY-MM-DD (all-day event). */
  start: string;
  end: string;
  status?: 'confirmed' | 'tentative' | 'cancelled';
  transparency?: 'opaque' | 'transparent';
  attendees?: { email: string; displayName?: string }[];
}

export interface FakeEvent {
  kind: 'calendar#event';
  id: string;
  status: string;
  summary?: string;
  description?: string;
  location?: string;
  start: { dateTime?: string; date?: string; timeZone?: string };
  end: { dateTime?: string; date?: string; timeZone?: string };
  transparency?: string;
  attendees?: { email: string; displayName?: string; responseStatus?: string }[];
  created: string;
  updated: string;
  htmlLink: string;
  organizer: { email: string; self: boolean };
  creator: { email: string; self: boolean };
}

interface Account {
  email: string;
  name: string;
  sub: string;
  mails: Map<string, FakeMail>;
  sent: FakeSentMail[];
  events: Map<string, FakeEvent>;
  busy: { start: string; end: string }[];
}

interface Grant {
  email: string;
  scopes: string[];
  refreshToken: string | null;
  revoked: boolean;
}

interface AccessToken {
  grant: Grant;
  expiresAt: number;
  revoked: boolean;
}

export interface GoogleFake {
  url: string;
  clientId: string;
  clientSecret: string;
  requests: RecordedRequest[];
  /** The variables that point a service at this fake. */
  env(): Record<'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'GOOGLE_OAUTH_BASE_URL' | 'GOOGLE_API_BASE_URL', string>;
  /** The account the consent screen signs in as next (default `user@gmail.com`); created when unknown. */
  consentAs(email: string, name?: string): void;
  /** The next consent is refused: the redirect carries `error=access_denied`. */
  denyNextConsent(): void;
  /**
   * Follows an authorization URL as a browser would and returns where Google sends it back: the callback's URL and
   * its `code`, `state`, `error` query values.
   */
  authorize(authUrl: string): Promise<{ location: string; code?: string; state?: string; error?: string; scope?: string }>;
  seedMail(email: string, mails: FakeMailInput[]): FakeMail[];
  mail(email: string, id: string): FakeMail | undefined;
  sentMail(email: string): FakeSentMail[];
  seedEvents(email: string, events: FakeEventInput[]): FakeEvent[];
  /** Changes an event as a user would in Google Calendar (a move, a cancellation). */
  updateEvent(email: string, id: string, patch: Partial<FakeEventInput>): FakeEvent;
  events(email: string): FakeEvent[];
  seedBusy(email: string, ranges: { start: string; end: string }[]): void;
  /** The account's grants become invalid: refreshing answers invalid_grant, its access tokens 401. */
  revokeGrants(email: string): void;
  /** Every access token issued so far is refused (401), so the next call must refresh. */
  expireAccessTokens(): void;
  /** Lifetime of the access tokens issued from now on. */
  setAccessTokenTtl(seconds: number): void;
  /** Every refresh and access token this fake issued, to assert that none is stored or logged in clear. */
  issuedTokens(): string[];
  /** Requests whose method and path match. */
  calls(method: string, path: RegExp | string): RecordedRequest[];
  close(): Promise<void>;
}

const GMAIL_READ = ['https://mail.google.com/', 'https://www.googleapis.com/auth/gmail.modify', 'https://www.googleapis.com/auth/gmail.readonly'];
const GMAIL_MODIFY = ['https://mail.google.com/', 'https://www.googleapis.com/auth/gmail.modify'];
const GMAIL_SEND = [...GMAIL_MODIFY, 'https://www.googleapis.com/auth/gmail.send', 'https://www.googleapis.com/auth/gmail.compose'];
const GMAIL_DELETE = ['https://mail.google.com/'];
const CALENDAR_PREFIX = 'https://www.googleapis.com/auth/calendar';

const json = (status: number, body: unknown, headers?: Record<string, string>): FakeReply => ({ status, body, headers });
const apiError = (code: number, message: string, status: string, reason: string) =>
  json(code, { error: { code, message, status, errors: [{ message, domain: 'global', reason }] } });
const notFound = () => apiError(404, 'Requested entity was not found.', 'NOT_FOUND', 'notFound');
const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const token = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;
const hexId = () => randomBytes(8).toString('hex');

function formOf(req: RecordedRequest): URLSearchParams {
  if (typeof req.body === 'string') return new URLSearchParams(req.body);
  if (req.body && typeof req.body === 'object') return new URLSearchParams(req.body as Record<string, string>);
  return new URLSearchParams();
}

function header(mail: FakeMail, name: string): string {
  return mail.headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value ?? '';
}

/** A Gmail `MessagePart` tree: text and html as multipart/alternative, attachments around it in multipart/mixed. */
function payloadOf(mail: FakeMail) {
  const leaf = (partId: string, mimeType: string, content: string) => ({
    partId,
    mimeType,
    filename: '',
    headers: [{ name: 'Content-Type', value: `${mimeType}; charset="UTF-8"` }],
    body: { size: Buffer.byteLength(content), data: b64url(content) },
  });
  const bodies = [
    ...(mail.text !== undefined ? [['text/plain', mail.text] as const] : []),
    ...(mail.html !== undefined ? [['text/html', mail.html] as const] : []),
  ];
  let content: Record<string, unknown>;
  if (bodies.length === 0) content = leaf('0', 'text/plain', '');
  else if (bodies.length === 1) content = leaf('0', bodies[0][0], bodies[0][1]);
  else {
    content = {
      partId: '0',
      mimeType: 'multipart/alternative',
      filename: '',
      headers: [{ name: 'Content-Type', value: 'multipart/alternative; boundary="alt"' }],
      body: { size: 0 },
      parts: bodies.map(([type, text], i) => leaf(`0.${i}`, type, text)),
    };
  }
  if (!mail.attachments.length) return { ...content, partId: '', headers: [...mail.headers, ...(content.headers as object[])] };
  const renumber = (part: Record<string, unknown>, id: string): Record<string, unknown> => ({
    ...part,
    partId: id,
    ...(part.parts ? { parts: (part.parts as Record<string, unknown>[]).map((p, i) => renumber(p, `${id}.${i}`)) } : {}),
  });
  return {
    partId: '',
    mimeType: 'multipart/mixed',
    filename: '',
    headers: [...mail.headers, { name: 'Content-Type', value: 'multipart/mixed; boundary="mixed"' }],
    body: { size: 0 },
    parts: [
      renumber(content, '0'),
      ...mail.attachments.map((a, i) => ({
        partId: String(i + 1),
        mimeType: a.mimeType,
        filename: a.filename,
        headers: [
          { name: 'Content-Type', value: `${a.mimeType}; name="${a.filename}"` },
          { name: 'Content-Disposition', value: `attachment; filename="${a.filename}"` },
        ],
        body: { attachmentId: a.attachmentId, size: Buffer.byteLength(a.content) },
      })),
    ],
  };
}

function messageResource(mail: FakeMail, format: string, metadataHeaders: string[]) {
  const base = { id: mail.id, threadId: mail.threadId, labelIds: mail.labelIds };
  if (format === 'minimal') return { ...base, historyId: '1000', sizeEstimate: 1000, internalDate: String(mail.internalDate) };
  const common = { ...base, snippet: mail.snippet, historyId: '1000', internalDate: String(mail.internalDate), sizeEstimate: 1000 };
  if (format === 'metadata') {
    const wanted = metadataHeaders.map((h) => h.toLowerCase());
    const headers = wanted.length ? mail.headers.filter((h) => wanted.includes(h.name.toLowerCase())) : mail.headers;
    return { ...common, payload: { partId: '', mimeType: mail.attachments.length ? 'multipart/mixed' : 'text/plain', filename: '', headers, body: { size: 0 } } };
  }
  return { ...common, payload: payloadOf(mail) };
}

/** A small part of Gmail's search syntax: from:, to:, subject:, is:unread/read/starred, in:/label:, free words. */
function matches(mail: FakeMail, q: string): boolean {
  const terms = q.match(/(\w+:"[^"]*"|\w+:\S+|"[^"]*"|\S+)/g) ?? [];
  return terms.every((term) => {
    const colon = term.indexOf(':');
    const [key, raw] = colon > 0 ? [term.slice(0, colon).toLowerCase(), term.slice(colon + 1)] : ['', term];
    const value = raw.replace(/^"|"$/g, '').toLowerCase();
    switch (key) {
      case 'from':
        return header(mail, 'From').toLowerCase().includes(value);
      case 'to':
        return header(mail, 'To').toLowerCase().includes(value);
      case 'subject':
        return header(mail, 'Subject').toLowerCase().includes(value);
      case 'is':
        if (value === 'unread') return mail.labelIds.includes('UNREAD');
        if (value === 'read') return !mail.labelIds.includes('UNREAD');
        if (value === 'starred') return mail.labelIds.includes('STARRED');
        return false;
      case 'in':
      case 'label':
        return mail.labelIds.map((l) => l.toLowerCase()).includes(value);
      case 'has':
        return value === 'attachment' ? mail.attachments.length > 0 : false;
      default: {
        const hay = [header(mail, 'From'), header(mail, 'Subject'), mail.snippet, mail.text ?? '', mail.html ?? ''].join(' ').toLowerCase();
        return hay.includes(value);
      }
    }
  });
}

function decodeRaw(raw: string): { headers: Record<string, string>; body: string; raw: string } {
  const text = Buffer.from(raw.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
  const split = text.search(/\r?\n\r?\n/);
  const head = split >= 0 ? text.slice(0, split) : text;
  const body = split >= 0 ? text.slice(split).replace(/^\r?\n\r?\n/, '') : '';
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n(?![ \t])/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body, raw: text };
}

function eventTime(value: string, timeZone?: string) {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? { date: value } : { dateTime: new Date(value).toISOString(), timeZone: timeZone ?? 'UTC' };
}

function startMs(time: { dateTime?: string; date?: string }): number {
  return Date.parse(time.dateTime ?? `${time.date}T00:00:00Z`);
}

export async function startGoogleFake(options: { accessTokenTtlSeconds?: number } = {}): Promise<GoogleFake> {
  const accounts = new Map<string, Account>();
  const codes = new Map<string, { grant: Grant; redirectUri: string; offline: boolean }>();
  const refreshTokens = new Map<string, Grant>();
  const accessTokens = new Map<string, AccessToken>();
  let consentEmail = 'user@gmail.com';
  let consentName = 'Test User';
  let denyNext = false;
  let ttlSeconds = options.accessTokenTtlSeconds ?? 3599;
  let mailClock = Date.now();

  const account = (email: string, name?: string): Account => {
    const key = email.toLowerCase();
    let found = accounts.get(key);
    if (!found) {
      found = { email: key, name: name ?? key.split('@')[0], sub: String(100000000 + accounts.size), mails: new Map(), sent: [], events: new Map(), busy: [] };
      accounts.set(key, found);
    }
    return found;
  };

  const issueAccess = (grant: Grant) => {
    const accessToken = token('ya29.fake-');
    accessTokens.set(accessToken, { grant, expiresAt: Date.now() + ttlSeconds * 1000, revoked: false });
    return accessToken;
  };

  /** The account behind the request's bearer token, or the 401/403 Google answers. */
  const authorizeApi = (req: RecordedRequest, scopes: string[] | ((s: string) => boolean)): Account | FakeReply => {
    const bearer = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
    const access = bearer ? accessTokens.get(bearer) : undefined;
    if (!access || access.revoked || access.grant.revoked || access.expiresAt <= Date.now()) {
      return apiError(401, 'Request had invalid authentication credentials. Expected OAuth 2 access token.', 'UNAUTHENTICATED', 'authError');
    }
    const allowed = typeof scopes === 'function' ? access.grant.scopes.some(scopes) : access.grant.scopes.some((s) => scopes.includes(s));
    if (!allowed) return apiError(403, 'Request had insufficient authentication scopes.', 'PERMISSION_DENIED', 'insufficientPermissions');
    return account(access.grant.email);
  };

  const oauth = (req: RecordedRequest): FakeReply | undefined => {
    if (req.method === 'GET' && req.path === '/o/oauth2/v2/auth') {
      const q = req.query;
      const redirectUri = q.get('redirect_uri');
      if (q.get('client_id') !== FAKE_GOOGLE_CLIENT_ID || !redirectUri) return json(400, { error: 'invalid_request', error_description: 'Unknown client or missing redirect_uri' });
      const back = new URL(redirectUri);
      if (q.get('state') !== null) back.searchParams.set('state', q.get('state')!);
      if (denyNext) {
        denyNext = false;
        back.searchParams.set('error', 'access_denied');
        return json(302, undefined, { location: back.toString() });
      }
      const who = account(q.get('login_hint') ?? consentEmail, consentName);
      const scopes = (q.get('scope') ?? '').split(' ').filter(Boolean);
      const code = token('4/fake-code-');
      codes.set(code, { grant: { email: who.email, scopes, refreshToken: null, revoked: false }, redirectUri, offline: q.get('access_type') === 'offline' });
      back.searchParams.set('code', code);
      back.searchParams.set('scope', scopes.join(' '));
      return json(302, undefined, { location: back.toString() });
    }
    if (req.method === 'POST' && req.path === '/token') {
      const form = formOf(req);
      const basic = /^Basic (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
      const [basicId, basicSecret] = basic ? Buffer.from(basic, 'base64').toString().split(':') : [];
      const clientId = form.get('client_id') ?? basicId;
      const clientSecret = form.get('client_secret') ?? basicSecret;
      if (clientId !== FAKE_GOOGLE_CLIENT_ID || clientSecret !== FAKE_GOOGLE_CLIENT_SECRET) {
        return json(401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
      }
      const invalidGrant = (description: string) => json(400, { error: 'invalid_grant', error_description: description });
      if (form.get('grant_type') === 'authorization_code') {
        const pending = codes.get(form.get('code') ?? '');
        if (!pending) return invalidGrant('Malformed auth code.');
        codes.delete(form.get('code')!);
        if (pending.redirectUri !== form.get('redirect_uri')) return json(400, { error: 'redirect_uri_mismatch', error_description: 'Bad Request' });
        const grant = pending.grant;
        if (pending.offline) {
          grant.refreshToken = token('1//fake-refresh-');
          refreshTokens.set(grant.refreshToken, grant);
        }
        return json(200, {
          access_token: issueAccess(grant),
          expires_in: ttlSeconds,
          ...(grant.refreshToken ? { refresh_token: grant.refreshToken } : {}),
          scope: grant.scopes.join(' '),
          token_type: 'Bearer',
        });
      }
      if (form.get('grant_type') === 'refresh_token') {
        const grant = refreshTokens.get(form.get('refresh_token') ?? '');
        if (!grant || grant.revoked) return invalidGrant('Token has been expired or revoked.');
        return json(200, { access_token: issueAccess(grant), expires_in: ttlSeconds, scope: grant.scopes.join(' '), token_type: 'Bearer' });
      }
      return json(400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' });
    }
    if (req.method === 'POST' && req.path === '/revoke') {
      const value = req.query.get('token') ?? formOf(req).get('token') ?? '';
      const grant = refreshTokens.get(value) ?? accessTokens.get(value)?.grant;
      if (!grant || grant.revoked) return json(400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
      grant.revoked = true;
      return json(200, {});
    }
    if (req.method === 'GET' && req.path === '/oauth2/v3/userinfo') {
      const who = authorizeApi(req, () => true);
      if (!('email' in who)) return who;
      const [givenName, ...rest] = who.name.split(' ');
      return json(200, {
        sub: who.sub,
        email: who.email,
        email_verified: true,
        name: who.name,
        given_name: givenName,
        ...(rest.length ? { family_name: rest.join(' ') } : {}),
      });
    }
    return undefined;
  };

  const gmail = (req: RecordedRequest): FakeReply | undefined => {
    const m = /^\/gmail\/v1\/users\/([^/]+)\/(profile|messages)(?:\/([^/]+))?(?:\/(modify|trash))?$/.exec(req.path);
    if (!m) return undefined;
    const [, userId, resource, id, action] = m;
    const needs = req.method === 'DELETE' ? GMAIL_DELETE : req.method === 'GET' ? GMAIL_READ : id === 'send' ? GMAIL_SEND : GMAIL_MODIFY;
    const who = authorizeApi(req, needs);
    if (!('email' in who)) return who;
    if (userId !== 'me' && decodeURIComponent(userId).toLowerCase() !== who.email) {
      return apiError(403, 'Delegation denied for ' + who.email, 'PERMISSION_DENIED', 'forbidden');
    }
    if (resource === 'profile') {
      return json(200, { emailAddress: who.email, messagesTotal: who.mails.size, threadsTotal: who.mails.size, historyId: '1000' });
    }
    if (!id && req.method === 'GET') {
      const q = req.query.get('q') ?? '';
      const includeSpamTrash = req.query.get('includeSpamTrash') === 'true';
      const labelIds = req.query.getAll('labelIds');
      const max = Math.min(Number(req.query.get('maxResults') ?? 100) || 100, 500);
      const offset = Number(req.query.get('pageToken') ?? 0) || 0;
      const found = [...who.mails.values()]
        .filter((mail) => includeSpamTrash || !mail.labelIds.some((l) => l === 'TRASH' || l === 'SPAM'))
        .filter((mail) => labelIds.every((l) => mail.labelIds.includes(l)))
        .filter((mail) => matches(mail, q))
        .sort((a, b) => b.internalDate - a.internalDate);
      const page = found.slice(offset, offset + max);
      return json(200, {
        ...(page.length ? { messages: page.map((mail) => ({ id: mail.id, threadId: mail.threadId })) } : {}),
        ...(offset + max < found.length ? { nextPageToken: String(offset + max) } : {}),
        resultSizeEstimate: found.length,
      });
    }
    if (id === 'send' && req.method === 'POST') {
      const raw = (req.body as { raw?: string } | undefined)?.raw;
      if (!raw) return apiError(400, "'raw' RFC822 payload message string or uploading message via /upload/* URL required", 'INVALID_ARGUMENT', 'invalidArgument');
      const sent = { id: hexId(), ...decodeRaw(raw) };
      who.sent.push(sent);
      return json(200, { id: sent.id, threadId: sent.id, labelIds: ['SENT'] });
    }
    if (!id || !/^[0-9a-fA-F]+$/.test(id)) return apiError(400, 'Invalid id value', 'INVALID_ARGUMENT', 'invalidArgument');
    const mail = who.mails.get(id);
    if (!mail) return notFound();
    if (req.method === 'GET' && !action) {
      return json(200, messageResource(mail, req.query.get('format') ?? 'full', req.query.getAll('metadataHeaders')));
    }
    if (req.method === 'DELETE' && !action) {
      who.mails.delete(id);
      return { status: 204, body: undefined };
    }
    if (req.method === 'POST' && action === 'trash') {
      mail.labelIds = [...mail.labelIds.filter((l) => l !== 'INBOX' && l !== 'TRASH'), 'TRASH'];
      return json(200, messageResource(mail, 'minimal', []));
    }
    if (req.method === 'POST' && action === 'modify') {
      const body = (req.body ?? {}) as { addLabelIds?: string[]; removeLabelIds?: string[] };
      const remove = new Set(body.removeLabelIds ?? []);
      mail.labelIds = [...new Set([...mail.labelIds.filter((l) => !remove.has(l)), ...(body.addLabelIds ?? [])])];
      return json(200, messageResource(mail, 'minimal', []));
    }
    return apiError(405, 'Method not allowed', 'INVALID_ARGUMENT', 'invalidArgument');
  };

  const calendar = (req: RecordedRequest): FakeReply | undefined => {
    const isCalendar = req.path.startsWith('/calendar/v3/');
    if (!isCalendar) return undefined;
    const who = authorizeApi(req, (s) => s.startsWith(CALENDAR_PREFIX));
    if (!('email' in who)) return who;
    if (req.method === 'POST' && req.path === '/calendar/v3/freeBusy') {
      const body = (req.body ?? {}) as { timeMin?: string; timeMax?: string; items?: { id: string }[] };
      if (!body.timeMin || !body.timeMax) return apiError(400, 'Missing timeMin or timeMax', 'INVALID_ARGUMENT', 'badRequest');
      const [from, to] = [Date.parse(body.timeMin), Date.parse(body.timeMax)];
      const calendars: Record<string, { busy: { start: string; end: string }[] }> = {};
      for (const item of body.items ?? []) {
        if (item.id !== 'primary' && item.id.toLowerCase() !== who.email) {
          calendars[item.id] = { busy: [] };
          continue;
        }
        const busy = [
          ...[...who.events.values()]
            .filter((e) => e.status !== 'cancelled' && e.transparency !== 'transparent')
            .map((e) => ({ start: new Date(startMs(e.start)).toISOString(), end: new Date(startMs(e.end)).toISOString() })),
          ...who.busy,
        ]
          .filter((b) => Date.parse(b.end) > from && Date.parse(b.start) < to)
          .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
        calendars[item.id] = { busy };
      }
      return json(200, { kind: 'calendar#freeBusy', timeMin: body.timeMin, timeMax: body.timeMax, calendars });
    }
    const m = /^\/calendar\/v3\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(req.path);
    if (!m) return notFound();
    const calendarId = decodeURIComponent(m[1]).toLowerCase();
    if (calendarId !== 'primary' && calendarId !== who.email) return notFound();
    const eventId = m[2];
    if (req.method === 'GET' && !eventId) {
      const timeMin = req.query.get('timeMin');
      const timeMax = req.query.get('timeMax');
      const showDeleted = req.query.get('showDeleted') === 'true';
      const max = Math.min(Number(req.query.get('maxResults') ?? 250) || 250, 2500);
      const offset = Number(req.query.get('pageToken') ?? 0) || 0;
      const items = [...who.events.values()]
        .filter((e) => showDeleted || e.status !== 'cancelled')
        .filter((e) => !timeMin || startMs(e.end) > Date.parse(timeMin))
        .filter((e) => !timeMax || startMs(e.start) < Date.parse(timeMax))
        .sort((a, b) => startMs(a.start) - startMs(b.start));
      const page = items.slice(offset, offset + max);
      return json(200, {
        kind: 'calendar#events',
        summary: who.email,
        timeZone: 'UTC',
        updated: new Date().toISOString(),
        accessRole: 'owner',
        items: page,
        ...(offset + max < items.length ? { nextPageToken: String(offset + max) } : {}),
      });
    }
    if (req.method === 'POST' && !eventId) {
      const body = (req.body ?? {}) as Partial<FakeEvent>;
      if (!body.start || !body.end) return apiError(400, 'Missing end time.', 'INVALID_ARGUMENT', 'required');
      const event = insertEvent(who, {
        summary: body.summary,
        description: body.description,
        location: body.location,
        start: body.start.dateTime ?? body.start.date ?? '',
        end: body.end.dateTime ?? body.end.date ?? '',
        attendees: body.attendees,
      });
      return json(200, event);
    }
    const event = eventId ? who.events.get(eventId) : undefined;
    if (!event) return notFound();
    if (req.method === 'GET') return json(200, event);
    if (req.method === 'PATCH' || req.method === 'PUT') {
      const body = (req.body ?? {}) as Partial<FakeEvent>;
      if (req.method === 'PUT' && (!body.start || !body.end)) return apiError(400, 'Missing end time.', 'INVALID_ARGUMENT', 'required');
      for (const key of ['summary', 'description', 'location', 'status', 'transparency'] as const) {
        if (body[key] !== undefined) (event as unknown as Record<string, unknown>)[key] = body[key];
      }
      if (body.start) event.start = eventTime(body.start.dateTime ?? body.start.date ?? '');
      if (body.end) event.end = eventTime(body.end.dateTime ?? body.end.date ?? '');
      if (body.attendees) event.attendees = body.attendees.map((a) => ({ ...a, responseStatus: a.responseStatus ?? 'needsAction' }));
      event.updated = new Date().toISOString();
      return json(200, event);
    }
    if (req.method === 'DELETE') {
      event.status = 'cancelled';
      return { status: 204, body: undefined };
    }
    return apiError(405, 'Method not allowed', 'INVALID_ARGUMENT', 'invalidArgument');
  };

  const insertEvent = (who: Account, input: FakeEventInput): FakeEvent => {
    const now = new Date().toISOString();
    const id = input.id ?? randomBytes(10).toString('hex');
    const event: FakeEvent = {
      kind: 'calendar#event',
      id,
      status: input.status ?? 'confirmed',
      ...(input.summary !== undefined ? { summary: input.summary } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.location !== undefined ? { location: input.location } : {}),
      start: eventTime(input.start),
      end: eventTime(input.end),
      ...(input.transparency ? { transparency: input.transparency } : {}),
      ...(input.attendees ? { attendees: input.attendees.map((a) => ({ ...a, responseStatus: 'needsAction' })) } : {}),
      created: now,
      updated: now,
      htmlLink: `https://calendar.google.com/calendar/event?eid=${id}`,
      organizer: { email: who.email, self: true },
      creator: { email: who.email, self: true },
    };
    who.events.set(id, event);
    return event;
  };

  const fake: LoopbackFake = await startLoopback((req) => oauth(req) ?? gmail(req) ?? calendar(req) ?? notFound());

  return {
    url: fake.url,
    clientId: FAKE_GOOGLE_CLIENT_ID,
    clientSecret: FAKE_GOOGLE_CLIENT_SECRET,
    requests: fake.requests,
    env: () => ({
      GOOGLE_CLIENT_ID: FAKE_GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: FAKE_GOOGLE_CLIENT_SECRET,
      GOOGLE_OAUTH_BASE_URL: fake.url,
      GOOGLE_API_BASE_URL: fake.url,
    }),
    consentAs(email, name) {
      consentEmail = email.toLowerCase();
      consentName = name ?? email.split('@')[0];
      account(email, name);
    },
    denyNextConsent() {
      denyNext = true;
    },
    async authorize(authUrl) {
      const target = new URL(authUrl);
      const res = await fetch(`${fake.url}${target.pathname}${target.search}`, { redirect: 'manual' });
      const location = res.headers.get('location');
      if (res.status !== 302 || !location) throw new Error(`The fake consent screen answered ${res.status}: ${await res.text()}`);
      const back = new URL(location);
      const get = (name: string) => back.searchParams.get(name) ?? undefined;
      return { location, code: get('code'), state: get('state'), error: get('error'), scope: get('scope') };
    },
    seedMail(email, mails) {
      const who = account(email);
      return mails.map((input) => {
        mailClock -= 1000;
        const id = input.id ?? hexId();
        const headers = [
          { name: 'From', value: input.from ?? 'Sender <sender@example.com>' },
          { name: 'To', value: input.to ?? who.email },
          { name: 'Subject', value: input.subject ?? '(no subject)' },
          { name: 'Date', value: new Date(input.internalDate ?? mailClock).toUTCString() },
          { name: 'Message-ID', value: `<${id}@mail.example.com>` },
          ...Object.entries(input.headers ?? {}).map(([name, value]) => ({ name, value })),
        ];
        const mail: FakeMail = {
          id,
          threadId: input.threadId ?? id,
          internalDate: input.internalDate ?? mailClock,
          labelIds: input.labelIds ?? ['INBOX'],
          snippet: input.snippet ?? (input.text ?? input.html?.replace(/<[^>]*>/g, '') ?? '').slice(0, 100),
          headers,
          text: input.text,
          html: input.html,
          attachments: (input.attachments ?? []).map((a) => ({ ...a, attachmentId: token('ANGjdJ') })),
        };
        who.mails.set(id, mail);
        return mail;
      });
    },
    mail: (email, id) => account(email).mails.get(id),
    sentMail: (email) => account(email).sent,
    seedEvents: (email, events) => events.map((e) => insertEvent(account(email), e)),
    updateEvent(email, id, patch) {
      const event = account(email).events.get(id);
      if (!event) throw new Error(`No event ${id} for ${email}`);
      if (patch.summary !== undefined) event.summary = patch.summary;
      if (patch.description !== undefined) event.description = patch.description;
      if (patch.location !== undefined) event.location = patch.location;
      if (patch.start !== undefined) event.start = eventTime(patch.start);
      if (patch.end !== undefined) event.end = eventTime(patch.end);
      if (patch.status !== undefined) event.status = patch.status;
      if (patch.transparency !== undefined) event.transparency = patch.transparency;
      event.updated = new Date().toISOString();
      return event;
    },
    events: (email) => [...account(email).events.values()],
    seedBusy(email, ranges) {
      account(email).busy.push(...ranges.map((r) => ({ start: new Date(r.start).toISOString(), end: new Date(r.end).toISOString() })));
    },
    revokeGrants(email) {
      for (const grant of refreshTokens.values()) if (grant.email === email.toLowerCase()) grant.revoked = true;
      for (const access of accessTokens.values()) if (access.grant.email === email.toLowerCase()) access.revoked = true;
    },
    expireAccessTokens() {
      for (const access of accessTokens.values()) access.revoked = true;
    },
    setAccessTokenTtl(seconds) {
      ttlSeconds = seconds;
    },
    issuedTokens: () => [...refreshTokens.keys(), ...accessTokens.keys()],
    calls: (method, path) =>
      fake.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path))),
    close: () => fake.close(),
  };
}
