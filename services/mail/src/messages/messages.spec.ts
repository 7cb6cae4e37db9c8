import { describe, expect, it } from 'vitest';
import { fromGmailMessage } from '../mailbox/gmail-message';
import { parseListUnsubscribe, unsubscribeMessage } from './list-unsubscribe';
import { parseMailbox } from './mail-address';
import { renderBody, sanitizeMailHtml } from './message-body';

const b64 = (s: string) => Buffer.from(s).toString('base64url');

describe('mail bodies', () => {
  it('drops scripts, event handlers, javascript: links, forms and frames', () => {
    const { html } = sanitizeMailHtml(
      '<p onclick="steal()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><iframe src="https://e.com"></iframe>' +
        '<form action="https://e.com"><input name="p"></form><img src="x" onerror="alert(1)"><style>body{background:url(https://t.co/p)}</style>',
      false,
    );
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|iframe|<form|<input|<style|alert/i);
    expect(html).toContain('<p>Hi</p>');
  });

  it('leaves remote images out until asked, counting them, and keeps inline data images', () => {
    const mail = '<img src="https://tracker.example.com/p.gif" alt="pixel"><img src="data:image/png;base64,iVBORw0KGgo=">';
    const hidden = sanitizeMailHtml(mail, false);
    expect(hidden.remoteImagesBlocked).toBe(1);
    expect(hidden.html).not.toContain('tracker.example.com');
    expect(hidden.html).toContain('data:image/png');
    const shown = sanitizeMailHtml(mail, true);
    expect(shown.remoteImagesBlocked).toBe(0);
    expect(shown.html).toContain('https://tracker.example.com/p.gif');
  });

  it('keeps safe styles, drops styles that load things, and opens links outside the frame', () => {
    const { html } = sanitizeMailHtml(
      '<div style="color: red; background-image: url(https://t.example/x)"><a href="https://example.com">Read</a></div>',
      false,
    );
    expect(html).toContain('color:red');
    expect(html).not.toContain('url(');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
  });

  it('shows plain text when there is no HTML part', () => {
    expect(renderBody({ text: 'Hello <b>there</b>' }, false)).toEqual({ body: 'Hello <b>there</b>', bodyFormat: 'text', remoteImagesBlocked: 0 });
  });
});

describe('List-Unsubscribe', () => {
  it('finds the URL, the mailto with its subject and the one-click flag', () => {
    const options = parseListUnsubscribe('<mailto:leave@list.example.com?subject=unsubscribe%20me>, <https://list.example.com/u/123>', 'List-Unsubscribe=One-Click');
    expect(options).toEqual({
      url: 'https://list.example.com/u/123',
      mailto: { to: 'leave@list.example.com', subject: 'unsubscribe me', body: undefined },
      oneClick: true,
    });
    expect(parseListUnsubscribe(undefined, undefined)).toEqual({ url: undefined, mailto: undefined, oneClick: false });
  });

  it('writes the mailto request on one line a header, whatever the sender put in the subject', () => {
    const raw = unsubscribeMessage('me@gmail.com', { to: 'leave@list.example.com', subject: 'bye\r\nBcc: victim@example.com' });
    expect(raw).toContain('To: leave@list.example.com\r\n');
    expect(raw).toContain('Subject: bye Bcc: victim@example.com\r\n');
    expect(raw).not.toMatch(/\r\nBcc:/);
  });
});

describe('senders and Gmail messages', () => {
  it('reads display names and bare addresses', () => {
    expect(parseMailbox('"Lee, Ann" <ann@example.com>')).toEqual({ name: 'Lee, Ann', email: 'ann@example.com' });
    expect(parseMailbox('bob@example.com')).toEqual({ name: 'bob@example.com', email: 'bob@example.com' });
  });

  it('finds the HTML and text bodies and attachments in a multipart message', () => {
    const message = fromGmailMessage(
      {
        id: 'abc',
        labelIds: ['INBOX', 'UNREAD'],
        snippet: 'It&#39;s here',
        internalDate: '1763900000000',
        payload: {
          mimeType: 'multipart/mixed',
          headers: [{ name: 'Subject', value: 'Invoice' }, { name: 'From', value: 'Billing <b@example.com>' }],
          parts: [
            { mimeType: 'multipart/alternative', parts: [
              { mimeType: 'text/plain', body: { data: b64('plain') } },
              { mimeType: 'text/html', body: { data: b64('<b>html</b>') } },
            ] },
            { mimeType: 'application/pdf', filename: 'invoice.pdf', body: { attachmentId: 'x', size: 10 } },
          ],
        },
      },
      true,
    );
    expect(message).toMatchObject({ id: 'abc', snippet: "It's here", text: 'plain', html: '<b>html</b>', hasAttachments: true });
    expect(message.headers.subject).toBe('Invoice');
    expect(message.date).toBe(new Date(1763900000000).toISOString());
  });
});
