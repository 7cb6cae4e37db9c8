import { api, type NearbyReminderPlace, type RequestContext } from '@jarvis/contracts';
import { type Published, type ServiceHarness, startServiceHarness, type TestUser } from '@jarvis/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppModule } from '../app.module';
import { DeliveryService } from '../delivery/delivery.service';
import { LocationService } from './location.service';

let h: ServiceHarness;
/** Telephony's `telephony.sms.deliver`, answered by the test: the texts sent. */
let sms: Published<{ data: { userId: string; to: string; body: string } }>;
let live: Published;
/** Calendar's `calendar.places.near`, answered by the test: the places it knows, by user. */
let calendar: Published<{ ctx: RequestContext; data: unknown }> | undefined;
const placesOf = new Map<string, NearbyReminderPlace[]>();
const texts = () => sms.bodies().map((request) => request.data);

const pharmacy = { lat: 40.7392, lon: -73.9903 };
const buyMilk = (reminderId: string): NearbyReminderPlace => ({ reminderId, title: 'buy milk', place: 'the pharmacy on 5th Ave', ...pharmacy, distanceMeters: 12 });
const DAY_MS = 24 * 60 * 60 * 1000;

async function answerCalendar() {
  calendar = await h.published('calendar.places.near', { reply: ({ body }) => ({ places: placesOf.get(body.ctx.userId ?? '') ?? [] }) });
}

beforeAll(async () => {
  h = await startServiceHarness('notifications', AppModule, {
    label: 'locationtriggers',
    env: { SMTP_URL: undefined, VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined, NOTIFICATION_RETRY_BACKOFF_MS: '100' },
  });
  sms = await h.published('telephony.sms.deliver', { reply: () => ({ sid: 'SM1' }) });
  live = await h.published('live.>');
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  if (!calendar) await answerCalendar();
});

const CODE_TEXT = /^Your Jarvis verification code is (\d{6})\./;

/** A user who gets location triggers by SMS too, on a number verified with the code texted to it. */
async function userTexted(): Promise<TestUser> {
  const user = h.newUser();
  await h.call(
    api.notifications.updatePreferences,
    { sms: { enabled: true, events: ['location_trigger'], phoneNumber: '+15551234567' }, push: { enabled: false, events: [] }, email: { enabled: false, events: [] } },
    user,
  );
  const code = texts().filter((t) => t.userId === user.id).map((t) => CODE_TEXT.exec(t.body)?.[1])[0]!;
  await h.call(api.notifications.verifySms, { code }, user);
  return user;
}
const position = (user: TestUser, at = pharmacy) => h.call(api.notifications.smartLocation, at, user);
/** The notifications texted to the user (not the verification code). */
const textsTo = (user: TestUser) => texts().filter((t) => t.userId === user.id && !CODE_TEXT.test(t.body));
const liveOf = (user: TestUser) => live.messages.filter((m) => m.subject === `live.${user.id}.notifications`);

describe('location triggers', () => {
  it('fire as one high-priority inbox entry naming the reminder and the place, told live and texted as preferred', async () => {
    const alice = await userTexted();
    placesOf.set(alice.id, [buyMilk('7d0c8f5e-2b1a-4c3d-9e8f-000000000001')]);

    const answer = await position(alice);
    expect(answer.notifications).toEqual([{ id: expect.any(String), message: "You're near the pharmacy on 5th Ave: buy milk", priority: 'high', createdAt: expect.any(String) }]);
    expect(calendar!.bodies().at(-1)).toMatchObject({ ctx: { userId: alice.id }, data: pharmacy });

    const inbox = await h.call(api.notifications.list, {}, alice);
    expect(inbox).toEqual([expect.objectContaining({ id: answer.notifications[0].id, type: 'location_trigger', title: 'Location Trigger', read: false })]);
    await h.get(DeliveryService).settled();
    expect(textsTo(alice)).toEqual([{ userId: alice.id, to: '+15551234567', body: "Location Trigger: You're near the pharmacy on 5th Ave: buy milk" }]);
    expect(liveOf(alice)).toHaveLength(1);
  });

  it('fire once a day even when the position is sent 5 times at once to two replicas', async () => {
    const alice = await userTexted();
    placesOf.set(alice.id, [buyMilk('7d0c8f5e-2b1a-4c3d-9e8f-000000000002')]);

    const replica = await h.startReplica();
    const answers = await Promise.all(Array.from({ length: 5 }, () => position(alice))).finally(() => replica.close());
    const ids = new Set(answers.flatMap((a) => a.notifications.map((n) => n.id)));
    expect(ids.size).toBe(1);
    expect(answers.every((a) => a.notifications.length === 1)).toBe(true);
    expect(await position(alice)).toEqual(answers[0]);

    await h.get(DeliveryService).settled();
    expect(await h.call(api.notifications.list, {}, alice)).toHaveLength(1);
    expect(textsTo(alice)).toHaveLength(1);
    expect(liveOf(alice)).toHaveLength(1);
  });

  it('do not fire again the same day after the entry is deleted, and fire again the next New York day', async () => {
    const alice = await userTexted();
    placesOf.set(alice.id, [buyMilk('7d0c8f5e-2b1a-4c3d-9e8f-000000000003')]);
    const [first] = (await position(alice)).notifications;
    await h.call(api.notifications.remove, { id: first.id }, alice);
    expect(await position(alice)).toEqual({ notifications: [] });
    expect(await h.call(api.notifications.list, {}, alice)).toEqual([]);

    const tomorrow = new Date(Date.now() + DAY_MS);
    const next = await h.get(LocationService).position(h.ctx(alice) as RequestContext & { userId: string }, pharmacy, tomorrow);
    expect(next.notifications).toEqual([expect.objectContaining({ message: "You're near the pharmacy on 5th Ave: buy milk", priority: 'high' })]);
    await h.get(DeliveryService).settled();
    expect(textsTo(alice)).toHaveLength(2);
  });

  it("never fire another user's reminders for me", async () => {
    const [alice, bob] = [await userTexted(), await userTexted()];
    placesOf.set(alice.id, [buyMilk('7d0c8f5e-2b1a-4c3d-9e8f-000000000004')]);
    expect(await position(bob)).toEqual({ notifications: [] });
    expect(calendar!.bodies().at(-1)).toMatchObject({ ctx: { userId: bob.id } });
    expect(await h.call(api.notifications.list, {}, bob)).toEqual([]);
    expect((await position(alice)).notifications).toHaveLength(1);
    expect((await position(bob)).notifications).toEqual([]);
    await h.get(DeliveryService).settled();
    expect(textsTo(bob)).toEqual([]);
  });

  it('are only kept in the inbox, with no channel, when the preferences enable none for location triggers', async () => {
    const carol = h.newUser();
    await h.call(
      api.notifications.updatePreferences,
      { sms: { enabled: true, events: ['reminder'], phoneNumber: '+15557654321' }, push: { enabled: false, events: [] }, email: { enabled: false, events: [] } },
      carol,
    );
    placesOf.set(carol.id, [buyMilk('7d0c8f5e-2b1a-4c3d-9e8f-000000000005')]);
    expect((await position(carol)).notifications).toHaveLength(1);
    await h.get(DeliveryService).settled();
    expect(textsTo(carol)).toEqual([]);
  });

  it('still answer the recent triggers when calendar cannot be reached', async () => {
    const alice = await userTexted();
    placesOf.set(alice.id, [buyMilk('7d0c8f5e-2b1a-4c3d-9e8f-000000000006')]);
    const before = await position(alice);
    await calendar!.stop();
    calendar = undefined;
    placesOf.set(alice.id, [{ ...buyMilk('7d0c8f5e-2b1a-4c3d-9e8f-000000000007'), title: 'buy bread' }]);
    expect(await position(alice)).toEqual(before);
    expect(await h.call(api.notifications.getLocation, {}, alice)).toMatchObject({ hasLocation: true, lat: pharmacy.lat, lon: pharmacy.lon });
  });

  it('refuse a position out of range', async () => {
    const alice = h.newUser();
    expect(await h.failUnchecked(api.notifications.smartLocation, { lat: 12, lon: 200 }, alice)).toMatchObject({ kind: 'VALIDATION' });
  });
});
