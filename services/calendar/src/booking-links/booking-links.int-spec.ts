import { internalApi } from '@jarvis/contracts';
import { type ServiceHarness, startServiceHarness } from '@jarvis/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../app.module';

let h: ServiceHarness;

beforeAll(async () => {
  // A trailing slash, as operators write it; the links must not get two.
  h = await startServiceHarness('calendar', AppModule, {
    label: 'booking-links',
    env: { REMINDER_POLL_MS: '0', PUBLIC_URL: 'https://jarvis.example/' },
  });
});
afterAll(() => h?.close());

const ensure = internalApi.calendar.ensureBookingLink;

describe('calendar.booking-links.ensure', () => {
  it("answers the caller's link under PUBLIC_URL, the same code every time", async () => {
    const alice = h.newUser();
    const first = await h.call(ensure, {}, alice);
    expect(first.code).toMatch(/^[a-z2-9]{10}$/);
    expect(first.url).toBe(`https://jarvis.example/book/${first.code}`);
    expect(await h.call(ensure, {}, alice)).toEqual(first);
  });

  it('gives different users different codes', async () => {
    const [alice, bob] = [h.newUser(), h.newUser()];
    const [a, b] = await Promise.all([h.call(ensure, {}, alice), h.call(ensure, {}, bob)]);
    expect(a.code).not.toBe(b.code);
  });

  it('makes one link when replicas race for a new user', async () => {
    const carol = h.newUser();
    const links = await Promise.all(Array.from({ length: 8 }, () => h.call(ensure, {}, carol)));
    expect(new Set(links.map((l) => l.code)).size).toBe(1);
    const rows: unknown[] = await h.dataSource.query(`SELECT 1 FROM "calendar"."booking_links" WHERE user_id = $1`, [carol.id]);
    expect(rows).toHaveLength(1);
  });

  it('refuses a call without a user', async () => {
    expect(await h.failUnchecked(ensure, {}, null)).toMatchObject({ kind: 'UNAUTHENTICATED' });
  });
});
