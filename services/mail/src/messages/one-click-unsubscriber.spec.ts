import { type LoopbackFake, startLoopback } from '@jarvis/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailConfig } from '../config/mail.config';
import { OneClickUnsubscriber } from './one-click-unsubscriber';

const unsubscriber = (allowPrivate: boolean) => new OneClickUnsubscriber({ ALLOW_PRIVATE_NETWORK_TARGETS: allowPrivate } as MailConfig);

describe('one-click unsubscribe', () => {
  let sender: LoopbackFake;
  let status = 200;

  beforeAll(async () => {
    sender = await startLoopback(() => ({ status }));
  });
  afterAll(() => sender?.close());

  it('refuses a sender address on a private network, so a mail cannot make the server call inside', async () => {
    expect(await unsubscriber(false).post(`${sender.url}/unsub`)).toBe(false);
    expect(await unsubscriber(false).post(`${sender.url.replace('127.0.0.1', 'localhost')}/unsub`)).toBe(false);
    expect(await unsubscriber(false).post('https://10.0.0.1/unsub')).toBe(false);
    expect(await unsubscriber(false).post('https://[::1]/unsub')).toBe(false);
    expect(await unsubscriber(false).post('https://[::ffff:127.0.0.1]/unsub')).toBe(false);
    expect(await unsubscriber(false).post('https://127.0.0.1/unsub')).toBe(false);
    expect(sender.requests).toHaveLength(0);
  });

  it('refuses a plain http address, as RFC 8058 asks', async () => {
    expect(await unsubscriber(false).post('http://example.com/unsub')).toBe(false);
  });

  it('posts List-Unsubscribe=One-Click and reports whether the sender accepted it', async () => {
    status = 200;
    expect(await unsubscriber(true).post(`${sender.url}/unsub`)).toBe(true);
    expect(sender.last()).toMatchObject({ method: 'POST', body: 'List-Unsubscribe=One-Click' });
    status = 500;
    expect(await unsubscriber(true).post(`${sender.url}/unsub`)).toBe(false);
    expect(await unsubscriber(true).post('ftp://example.com/unsub')).toBe(false);
  });
});
