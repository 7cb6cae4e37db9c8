import type { gmail_v1 } from '@googleapis/gmail';
import type { MailboxMessage } from './mailbox.provider';

type Part = gmail_v1.Schema$MessagePart;

function decode(data: string | null | undefined): string {
  return data ? Buffer.from(data, 'base64url').toString('utf8') : '';
}

function headersOf(part: Part | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const h of part?.headers ?? []) {
    const name = h.name?.toLowerCase();
    if (name && !(name in headers)) headers[name] = h.value ?? '';
  }
  return headers;
}

function walk(part: Part | undefined, visit: (part: Part) => void) {
  if (!part) return;
  visit(part);
  for (const child of part.parts ?? []) walk(child, visit);
}

/** A file part: a name, or an attachment disposition. Inline bodies (text/html without a name) are not files. */
function isAttachment(part: Part): boolean {
  if (part.filename) return true;
  const disposition = headersOf(part)['content-disposition'] ?? '';
  return /^\s*attachment/i.test(disposition);
}

/** Gmail's `Message` (format full, or a partial response of it) as a MailboxMessage; bodies only when `withBodies`. */
export function fromGmailMessage(message: gmail_v1.Schema$Message, withBodies: boolean): MailboxMessage {
  let hasAttachments = false;
  let html: string | undefined;
  let text: string | undefined;
  walk(message.payload, (part) => {
    if (isAttachment(part)) {
      hasAttachments = true;
      return;
    }
    if (!withBodies || !part.body?.data) return;
    if (part.mimeType === 'text/html' && html === undefined) html = decode(part.body.data);
    if (part.mimeType === 'text/plain' && text === undefined) text = decode(part.body.data);
  });
  const received = Number(message.internalDate);
  return {
    id: message.id ?? '',
    labelIds: message.labelIds ?? [],
    snippet: decodeEntities(message.snippet ?? ''),
    date: new Date(Number.isFinite(received) && received > 0 ? received : Date.now()).toISOString(),
    headers: headersOf(message.payload),
    hasAttachments,
    ...(withBodies ? { html, text } : {}),
  };
}

/** Gmail's snippets are HTML-escaped text (`&#39;`, `&amp;`); the client shows them as text. */
function decodeEntities(value: string): string {
  return value
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
