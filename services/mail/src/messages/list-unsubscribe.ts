/**
 * The List-Unsubscribe header (RFC 2369) and its one-click companion (RFC 8058): which ways out a sender offers.
 */
export interface UnsubscribeOptions {
  /** The first http(s) address. */
  url?: string;
  /** The first mailto: address, with its subject and body. */
  mailto?: { to: string; subject?: string; body?: string };
  /** `List-Unsubscribe-Post: List-Unsubscribe=One-Click` is present: the URL takes a POST. */
  oneClick: boolean;
}

export function parseListUnsubscribe(header: string | undefined, postHeader: string | undefined): UnsubscribeOptions {
  const entries = [...(header ?? '').matchAll(/<([^<>]+)>/g)].map((m) => m[1].trim());
  const url = entries.find((e) => /^https?:\/\//i.test(e));
  const mailtoEntry = entries.find((e) => /^mailto:/i.test(e));
  let mailto: UnsubscribeOptions['mailto'];
  if (mailtoEntry) {
    const [address, query = ''] = mailtoEntry.slice('mailto:'.length).split('?', 2);
    const params = new URLSearchParams(query.replace(/\+/g, '%2B'));
    const to = safeDecode(address).trim();
    if (/^[^\s@<>,;]+@[^\s@<>,;]+$/.test(to)) {
      mailto = { to, subject: params.get('subject') ?? undefined, body: params.get('body') ?? undefined };
    }
  }
  return { url, mailto, oneClick: /List-Unsubscribe\s*=\s*One-Click/i.test(postHeader ?? '') };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A header value on one line: a sender's text never adds headers to our message. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

/** RFC 2047 for a subject that is not plain ASCII. */
function encodeHeader(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** The unsubscribe request a mailto: link asks for, as an RFC 5322 message from the user's address. */
export function unsubscribeMessage(from: string, mailto: NonNullable<UnsubscribeOptions['mailto']>): string {
  const subject = oneLine(mailto.subject || 'Unsubscribe');
  return [
    `From: ${oneLine(from)}`,
    `To: ${oneLine(mailto.to)}`,
    `Subject: ${encodeHeader(subject)}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset="UTF-8"',
    'Content-Transfer-Encoding: 8bit',
    '',
    (mailto.body || 'Unsubscribe').replace(/\r?\n/g, '\r\n'),
  ].join('\r\n');
}
