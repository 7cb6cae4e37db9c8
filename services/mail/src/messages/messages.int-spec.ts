import { api } from '@jarvis/contracts';
import { type LoopbackFake, startLoopback, type TestUser } from '@jarvis/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailHarness, startMail } from '../testing/mail-harness';

describe('the inbox', () => {
  let h: MailHarness;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    h = await startMail('mail-inbox');
    alice = h.newUser();
    bob = h.newUser();
    await h.connect(alice, 'alice@gmail.com');
    await h.connect(bob, 'bob@gmail.com');
  });
  afterAll(() => h?.close());

  it('lists the 25 newest messages with sender, subject, labels and attachments, and pages on', async () => {
    const seeded = h.google.seedMail(
      'alice@gmail.com',
      Array.from({ length: 30 }, (_, i) => ({
        from: `"News ${i}" <news${i}@example.com>`,
        subject: `Issue ${i}`,
        text: `Body ${i}`,
        internalDate: Date.parse('2026-11-01T00:00:00Z') + i * 60_000,
        labelIds: i === 29 ? ['INBOX', 'UNREAD'] : ['INBOX'],
        attachments: i === 28 ? [{ filename: 'report.pdf', mimeType: 'application/pdf', content: '%PDF' }] : [],
      })),
    );
    const first = await h.call(api.mail.list, {}, alice);
    expect(first.messages).toHaveLength(25);
    expect(first.messages[0]).toEqual({
      id: seeded[29].id,
      from: { name: 'News 29', email: 'news29@example.com' },
      subject: 'Issue 29',
      snippet: 'Body 29',
      date: new Date(Date.parse('2026-11-01T00:00:00Z') + 29 * 60_000).toISOString(),
      labelIds: ['INBOX', 'UNREAD'],
      hasAttachments: false,
    });
    expect(first.messages[1]).toMatchObject({ subject: 'Issue 28', hasAttachments: true });
    expect(first.nextPageToken).toBeTruthy();
    const second = await h.call(api.mail.list, { pageToken: first.nextPageToken }, alice);
    expect(second.messages.map((m) => m.subject)).toEqual(['Issue 4', 'Issue 3', 'Issue 2', 'Issue 1', 'Issue 0']);
    expect(second.nextPageToken).toBeUndefined();
  });

  it('lists the inbox without a search, and all mail but spam and trash with one', async () => {
    h.google.seedMail('alice@gmail.com', [{ subject: 'Archived receipt', text: 'order 77', labelIds: [] }]);
    expect((await h.call(api.mail.list, {}, alice)).messages.map((m) => m.subject)).not.toContain('Archived receipt');
    expect((await h.call(api.mail.list, { q: 'order 77' }, alice)).messages.map((m) => m.subject)).toEqual(['Archived receipt']);
  });

  it("passes Gmail's search syntax through", async () => {
    h.google.seedMail('alice@gmail.com', [{ from: 'Alerts <alerts@bank.example.com>', subject: 'Low balance', text: 'Top up' }]);
    const found = await h.call(api.mail.list, { q: 'from:alerts@bank.example.com' }, alice);
    expect(found.messages.map((m) => m.subject)).toEqual(['Low balance']);
    expect(h.google.calls('GET', '/gmail/v1/users/me/messages').at(-1)?.query.get('q')).toBe('from:alerts@bank.example.com');
  });

  it('opens a message with its HTML sanitised and remote images off until asked', async () => {
    const [mail] = h.google.seedMail('alice@gmail.com', [
      {
        subject: 'Sale',
        text: 'Sale now on',
        html: '<h1 onmouseover="steal()">Sale</h1><script>document.cookie</script><img src="https://track.example.com/open.gif">',
      },
    ]);
    const opened = await h.call(api.mail.detail, { id: mail.id }, alice);
    expect(opened).toMatchObject({ id: mail.id, subject: 'Sale', bodyFormat: 'html', remoteImagesBlocked: 1 });
    expect(opened.body).toContain('<h1>Sale</h1>');
    expect(opened.body).not.toMatch(/script|onmouseover|document\.cookie|track\.example\.com/);
    const withImages = await h.call(api.mail.detail, { id: mail.id, images: 'show' }, alice);
    expect(withImages.body).toContain('https://track.example.com/open.gif');
    const [plain] = h.google.seedMail('alice@gmail.com', [{ subject: 'Plain', text: 'Just <text>' }]);
    expect(await h.call(api.mail.detail, { id: plain.id }, alice)).toMatchObject({ body: 'Just <text>', bodyFormat: 'text' });
  });

  it("answers 'Email not found.' for an unknown or malformed id", async () => {
    for (const id of ['ffffffffffffffff', 'not-an-id']) {
      const error = await h.fail(api.mail.detail, { id }, alice);
      expect(error).toMatchObject({ kind: 'NOT_FOUND', message: 'Email not found.' });
    }
  });

  it("never shows one user another user's mail", async () => {
    const [secret] = h.google.seedMail('alice@gmail.com', [{ subject: 'Only for Alice', text: 'private' }]);
    h.google.seedMail('bob@gmail.com', [{ subject: 'Bob mail', text: 'hi bob' }]);
    expect((await h.call(api.mail.list, {}, bob)).messages.map((m) => m.subject)).toEqual(['Bob mail']);
    expect(await h.fail(api.mail.detail, { id: secret.id }, bob)).toMatchObject({ kind: 'NOT_FOUND', message: 'Email not found.' });
    expect(await h.fail(api.mail.trash, { messageId: secret.id }, bob, 'premium')).toMatchObject({ kind: 'NOT_FOUND' });
    expect(h.google.mail('alice@gmail.com', secret.id)?.labelIds).toEqual(['INBOX']);
  });

  it('asks Google for a new access token when the old one is refused, and carries on', async () => {
    const refreshes = () => h.google.calls('POST', '/token').filter((r) => String(r.body).includes('grant_type=refresh_token')).length;
    const before = refreshes();
    h.google.expireAccessTokens();
    expect((await h.call(api.mail.list, {}, bob)).messages.length).toBeGreaterThan(0);
    expect(refreshes()).toBe(before + 1);
    await h.call(api.mail.list, {}, bob);
    expect(refreshes()).toBe(before + 1);
  });

  it('refuses a search longer than 500 characters with a 400 naming the field', async () => {
    const error = await h.failUnchecked(api.mail.list, { q: 'x'.repeat(501) }, alice);
    expect(error.kind).toBe('VALIDATION');
    expect(JSON.stringify(error.details)).toContain('q');
  });

  it('answers 409 when Gmail is not connected', async () => {
    expect(await h.fail(api.mail.list, {}, h.newUser())).toMatchObject({ kind: 'CONFLICT', code: 'MAIL_NOT_CONNECTED' });
  });
});

describe('an expired Gmail grant', () => {
  let h: MailHarness;

  beforeAll(async () => {
    h = await startMail('mail-expired');
  });
  afterAll(() => h?.close());

  it('answers 401 MAIL_CONNECTION_EXPIRED, still shows connected, and reconnecting fixes it', async () => {
    const user = h.newUser('premium');
    await h.connect(user, 'gone@gmail.com');
    h.google.seedMail('gone@gmail.com', [{ subject: 'Hello' }]);
    h.google.revokeGrants('gone@gmail.com');
    const error = await h.fail(api.mail.list, {}, user);
    expect(error).toMatchObject({ kind: 'UNAUTHENTICATED', code: 'MAIL_CONNECTION_EXPIRED' });
    expect(error.message).toMatch(/expired/i);
    expect(await h.call(api.mail.status, {}, user)).toEqual({ connected: true, email: 'gone@gmail.com' });
    await h.connect(user, 'gone@gmail.com');
    expect((await h.call(api.mail.list, {}, user)).messages.map((m) => m.subject)).toEqual(['Hello']);
  });
});

describe('managing mail', () => {
  let h: MailHarness;
  let sender: LoopbackFake;
  let premium: TestUser;
  let free: TestUser;

  beforeAll(async () => {
    h = await startMail('mail-manage');
    sender = await startLoopback(() => ({ status: 200, body: {} }));
    premium = h.newUser('premium');
    free = h.newUser('free');
    await h.connect(premium, 'pro@gmail.com');
    await h.connect(free, 'free@gmail.com');
  });
  afterAll(async () => {
    await sender?.close();
    await h?.close();
  });

  it('refuses the free plan with 402 and requiresUpgrade, touching nothing', async () => {
    const [mail] = h.google.seedMail('free@gmail.com', [{ subject: 'Keep me' }]);
    for (const endpoint of [api.mail.trash, api.mail.remove, api.mail.spam, api.mail.unsubscribe]) {
      const error = await h.fail(endpoint, { messageId: mail.id }, free);
      expect(error).toMatchObject({ kind: 'PLAN_REQUIRED', message: 'Email management requires Premium or Enterprise plan' });
      expect(error.details).toMatchObject({ requiresUpgrade: true });
    }
    expect(h.google.mail('free@gmail.com', mail.id)?.labelIds).toEqual(['INBOX']);
    expect(api.mail.trash.access).toEqual({ minTier: 'premium' });
  });

  it('trashes, marks as spam and deletes for good on premium', async () => {
    const [a, b, c] = h.google.seedMail('pro@gmail.com', [{ subject: 'A' }, { subject: 'B' }, { subject: 'C' }]);
    expect(await h.call(api.mail.trash, { messageId: a.id }, premium)).toEqual({ success: true });
    expect(h.google.mail('pro@gmail.com', a.id)?.labelIds).toEqual(['TRASH']);
    expect(await h.call(api.mail.spam, { messageId: b.id }, premium)).toEqual({ success: true });
    expect(h.google.mail('pro@gmail.com', b.id)?.labelIds).toEqual(['SPAM']);
    expect(await h.call(api.mail.remove, { messageId: c.id }, premium)).toEqual({ success: true });
    expect(h.google.mail('pro@gmail.com', c.id)).toBeUndefined();
    const subjects = (await h.call(api.mail.list, {}, premium)).messages.map((m) => m.subject);
    expect(subjects).not.toEqual(expect.arrayContaining(['A']));
    expect(subjects).not.toEqual(expect.arrayContaining(['B']));
    expect(await h.fail(api.mail.trash, { messageId: c.id }, premium)).toMatchObject({ kind: 'NOT_FOUND', message: 'Email not found.' });
  });

  it('unsubscribes with a one-click POST when the sender supports RFC 8058', async () => {
    const [mail] = h.google.seedMail('pro@gmail.com', [
      {
        subject: 'Weekly',
        headers: { 'List-Unsubscribe': `<mailto:leave@list.example.com>, <${sender.url}/unsub/abc>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      },
    ]);
    const result = await h.call(api.mail.unsubscribe, { messageId: mail.id }, premium);
    expect(result).toMatchObject({ success: true });
    expect(result.unsubscribeUrl).toBeUndefined();
    expect(sender.last()).toMatchObject({ method: 'POST', path: '/unsub/abc', body: 'List-Unsubscribe=One-Click' });
    expect(sender.last().headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(h.google.sentMail('pro@gmail.com')).toHaveLength(0);
  });

  it('unsubscribes by sending the mailto request from the user’s Gmail', async () => {
    const [mail] = h.google.seedMail('pro@gmail.com', [
      { subject: 'Digest', headers: { 'List-Unsubscribe': '<mailto:leave@list.example.com?subject=Remove%20me>, <https://list.example.com/u/1>' } },
    ]);
    const result = await h.call(api.mail.unsubscribe, { messageId: mail.id }, premium);
    expect(result).toMatchObject({ success: true });
    expect(result.unsubscribeUrl).toBeUndefined();
    const [sent] = h.google.sentMail('pro@gmail.com');
    expect(sent.headers).toMatchObject({ from: 'pro@gmail.com', to: 'leave@list.example.com', subject: 'Remove me' });
  });

  it('hands the link to the browser when only a web page is offered', async () => {
    const [mail] = h.google.seedMail('pro@gmail.com', [{ subject: 'Promo', headers: { 'List-Unsubscribe': '<https://shop.example.com/unsubscribe?u=9>' } }]);
    expect(await h.call(api.mail.unsubscribe, { messageId: mail.id }, premium)).toMatchObject({
      success: true,
      unsubscribeUrl: 'https://shop.example.com/unsubscribe?u=9',
    });
  });

  it("says 'No unsubscribe link found' when the mail has no List-Unsubscribe header", async () => {
    const [mail] = h.google.seedMail('pro@gmail.com', [{ subject: 'Personal' }]);
    expect(await h.call(api.mail.unsubscribe, { messageId: mail.id }, premium)).toEqual({ success: false, error: 'No unsubscribe link found' });
  });
});

describe('one-click unsubscribe links from a sender', () => {
  let h: MailHarness;
  let sender: LoopbackFake;
  let premium: TestUser;

  beforeAll(async () => {
    // As in production: no ALLOW_PRIVATE_NETWORK_TARGETS, so safeFetch refuses anything but public https addresses.
    h = await startMail('mail-unsub-refused', { ALLOW_PRIVATE_NETWORK_TARGETS: undefined });
    sender = await startLoopback(() => ({ status: 200, body: {} }));
    premium = h.newUser('premium');
    await h.connect(premium, 'target@gmail.com');
  });
  afterAll(async () => {
    await sender?.close();
    await h?.close();
  });

  it('never posts to a link inside the server’s own network: the request is sent by mail instead, or the link handed to the browser', async () => {
    const local = sender.url.replace('http://', 'https://');
    const [withMailto, webOnly, byName] = h.google.seedMail('target@gmail.com', [
      { subject: 'Inside', headers: { 'List-Unsubscribe': `<mailto:leave@list.example.com>, <${local}/unsub/a>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } },
      { subject: 'Metadata', headers: { 'List-Unsubscribe': '<https://169.254.169.254/latest/meta-data/>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } },
      { subject: 'By name', headers: { 'List-Unsubscribe': `<${local.replace('127.0.0.1', 'localhost')}/unsub/c>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } },
    ]);
    expect(await h.call(api.mail.unsubscribe, { messageId: withMailto.id }, premium)).toMatchObject({ success: true, message: 'Unsubscribe request sent to leave@list.example.com.' });
    expect(await h.call(api.mail.unsubscribe, { messageId: webOnly.id }, premium)).toMatchObject({ success: true, unsubscribeUrl: 'https://169.254.169.254/latest/meta-data/' });
    expect(await h.call(api.mail.unsubscribe, { messageId: byName.id }, premium)).toMatchObject({ success: true, unsubscribeUrl: `${local.replace('127.0.0.1', 'localhost')}/unsub/c` });
    expect(sender.requests).toHaveLength(0);
  });

  it('refuses a plain http link while ALLOW_PRIVATE_NETWORK_TARGETS is off (the other suites set it for their loopback sender)', async () => {
    const [mail] = h.google.seedMail('target@gmail.com', [
      { subject: 'Plain', headers: { 'List-Unsubscribe': `<${sender.url}/unsub/d>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } },
    ]);
    expect(await h.call(api.mail.unsubscribe, { messageId: mail.id }, premium)).toMatchObject({ unsubscribeUrl: `${sender.url}/unsub/d` });
    expect(sender.requests).toHaveLength(0);
  });
});
