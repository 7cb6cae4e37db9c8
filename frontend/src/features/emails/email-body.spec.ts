import { describe, expect, it } from 'vitest';
import { emailContentSecurityPolicy, emailDocument } from './email-body';
import { decodeEntities, senderName, shortMailDate } from './mail-format';

describe('the message frame', () => {
  it('blocks every remote load until images are asked for, and scripts always', () => {
    expect(emailContentSecurityPolicy(false)).toBe(
      "default-src 'none'; img-src data: cid:; style-src 'unsafe-inline'; font-src data:",
    );
    expect(emailContentSecurityPolicy(true)).toContain('img-src data: cid: https: http:');
    expect(emailContentSecurityPolicy(true)).not.toContain('script-src');
    const doc = emailDocument('<p>Hi</p>', { showImages: false });
    expect(doc.indexOf('Content-Security-Policy')).toBeLessThan(doc.indexOf('<p>Hi</p>'));
    expect(doc).toContain('<base target="_blank">');
  });
});

describe('mail formatting', () => {
  it("decodes Gmail's escaped snippets", () => {
    expect(decodeEntities('Don&#39;t &amp; &quot;won&#x27;t&quot; &lt;3 &bogus;')).toBe(
      `Don't & "won't" <3 &bogus;`,
    );
  });

  it('names the sender by display name, else by address', () => {
    expect(senderName({ name: ' Ann ', email: 'ann@example.com' })).toBe('Ann');
    expect(senderName({ name: '', email: 'ann@example.com' })).toBe('ann@example.com');
  });

  it('dates a message by time today, by day this year, in full before', () => {
    const now = new Date(2025, 10, 22, 18, 0);
    expect(shortMailDate(new Date(2025, 10, 22, 9, 5).toISOString(), now)).toBe('9:05 AM');
    expect(shortMailDate(new Date(2025, 2, 3, 9, 5).toISOString(), now)).toBe('Mar 3');
    expect(shortMailDate(new Date(2024, 11, 31, 9, 5).toISOString(), now)).toBe('12/31/24');
    expect(shortMailDate('not a date', now)).toBe('');
  });
});
