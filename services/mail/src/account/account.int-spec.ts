import { randomUUID } from 'node:crypto';
import { api, type EventEnvelope, internalApi } from '@jarvis/contracts';
import { EventBus } from '@jarvis/platform';
import { rowsHoldingUser } from '@jarvis/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailHarness, startMail } from '../testing/mail-harness';

let h: MailHarness;
let reports: { bodies(): { data: { userId: string; service: string } }[] };

beforeAll(async () => {
  h = await startMail('mailaccount');
  reports = await h.published(internalApi.identity.reportAccountErased, { reply: () => ({ recorded: true }) });
});
afterAll(() => h?.close());

describe("mail's part of an account archive", () => {
  it('exports the connected Google account and its scopes, never the token', async () => {
    const user = h.newUser();
    expect((await h.call(internalApi.mail.accountExport, {}, user)).files).toEqual({ 'mail.json': { connection: null } });
    await h.connect(user, 'ann.mail@gmail.com');
    const { files } = await h.call(internalApi.mail.accountExport, {}, user);
    expect(files['mail.json']).toEqual({ connection: { googleEmail: 'ann.mail@gmail.com', scopes: expect.arrayContaining(['https://mail.google.com/']), connectedAt: expect.any(String) } });
    expect(JSON.stringify(files)).not.toMatch(/sealed|refresh|v1\./i);
  });

  it('imports nothing (a connection is a grant to this installation), once per archive', async () => {
    const user = h.newUser();
    await h.connect(user, 'ann.import@gmail.com');
    const { files } = await h.call(internalApi.mail.accountExport, {}, user);
    const bob = h.newUser();
    const key = randomUUID().replace(/-/g, '').padEnd(64, '0');
    expect(await h.call(internalApi.mail.accountImport, { archiveKey: key, files }, bob)).toEqual({ imported: true, counts: {} });
    expect(await h.call(api.mail.status, {}, bob)).toEqual({ connected: false, email: null });
    expect(await h.call(internalApi.mail.accountImport, { archiveKey: key, files }, bob)).toEqual({ imported: false, counts: {} });
  });

  it("revokes a deleted account's Gmail grant at Google exactly once and forgets it, once per event", async () => {
    const user = h.newUser();
    const other = h.newUser();
    await h.connect(user, 'ann.erase@gmail.com');
    await h.connect(other, 'other.erase@gmail.com');
    const revokes = () => h.google.calls('POST', '/revoke').length;
    const before = revokes();
    const eventId = `account-deleted-${randomUUID()}`;
    await h.get(EventBus).publish('evt.identity.account.deleted', { userId: user.id }, eventId);
    await h.waitFor(() => reports.bodies().some((b) => b.data.userId === user.id && b.data.service === 'mail'));
    expect(revokes() - before).toBe(1);
    expect(await rowsHoldingUser(h.dataSource, user.id, ['mail'])).toEqual({});
    expect(await h.call(api.mail.status, {}, other)).toEqual({ connected: true, email: 'other.erase@gmail.com' });

    const envelope: EventEnvelope<'evt.identity.account.deleted'> = { id: eventId, name: 'evt.identity.account.deleted', occurredAt: new Date().toISOString(), data: { userId: user.id } };
    await h.nc.jetstream().publish(`${h.env.natsPrefix}evt.identity.account.deleted`, JSON.stringify(envelope), { msgID: randomUUID() });
    expect(await h.call(internalApi.mail.accountErase, { userId: user.id }, null)).toEqual({ done: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(reports.bodies().filter((b) => b.data.userId === user.id)).toHaveLength(1);
    expect(revokes() - before).toBe(1);
  });
});
