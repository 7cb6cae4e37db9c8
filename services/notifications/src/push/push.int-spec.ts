import { api } from '@jarvis/contracts';
import { type ServiceHarness, startServiceHarness } from '@jarvis/testing';
import { startPushFake } from '@jarvis/testing/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../app.module';
import type { NotificationsConfig } from '../config/notifications.config';
import { VapidKeysService } from './vapid-keys.service';
import { WebPushAdapter } from './web-push.adapter';

let h: ServiceHarness;
let push: Awaited<ReturnType<typeof startPushFake>>;

beforeAll(async () => {
  push = await startPushFake();
  h = await startServiceHarness('notifications', AppModule, {
    label: 'push-hosts',
    env: { WEB_PUSH_ALLOWED_HOSTS: ' 127.0.0.1 , *.push.example.org', ALLOW_PRIVATE_NETWORK_TARGETS: '1', VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined },
  });
});
afterAll(async () => {
  await h?.close();
  await push?.close();
});

const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
const subscriptionsOf = (userId: string) => h.dataSource.query('SELECT endpoint FROM notifications.push_subscriptions WHERE user_id = $1', [userId]);

describe('push subscriptions only at known push services', () => {
  it.each([
    ['https://attacker.example.com/wpush/v2/abc'],
    ['https://fcm.googleapis.com.attacker.example/fcm/send/abc'], // a look-alike suffix
    ['https://push.services.mozilla.com/wpush/v2/abc'], // the bare domain: autopush lives on its subdomains
    ['http://fcm.googleapis.com/fcm/send/abc'], // plain http
    ['https://user:pw@fcm.googleapis.com/fcm/send/abc'],
    ['https://169.254.169.254/latest/meta-data/'],
    ['https://localhost/push'],
  ])('answers 400 with a clear message for %s and stores nothing', async (endpoint) => {
    const user = h.newUser();
    const error = await h.fail(api.notifications.pushSubscribe, { endpoint, keys }, user);
    expect(error).toMatchObject({ kind: 'VALIDATION', code: 'UNKNOWN_PUSH_SERVICE' });
    expect(error.message).toContain('browser push service');
    expect(await subscriptionsOf(user.id)).toEqual([]);
  });

  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc:def'],
    ['https://updates.push.services.mozilla.com/wpush/v2/gAAAA'],
    ['https://db5p.notify.windows.com/w/?token=AwYAAAB'],
    ['https://web.push.apple.com/QGuQ'],
    ['https://eu.push.example.org/p/1'], // WEB_PUSH_ALLOWED_HOSTS: *.push.example.org
    ['https://127.0.0.1:8443/ok/x'], // WEB_PUSH_ALLOWED_HOSTS: 127.0.0.1
  ])('accepts %s', async (endpoint) => {
    const user = h.newUser();
    expect(await h.call(api.notifications.pushSubscribe, { endpoint, keys }, user)).toEqual({ success: true });
    expect(await subscriptionsOf(user.id)).toEqual([{ endpoint }]);
  });

  it('drops a stored subscription whose host is no longer allowed instead of sending to it', async () => {
    const user = h.newUser();
    await h.dataSource.query('INSERT INTO notifications.push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)', [
      user.id, 'https://attacker.example.com/old', keys.p256dh, keys.auth,
    ]);
    expect(await h.call(api.notifications.pushTest, {}, user)).toEqual({ hasPushSubscriptions: true, result: { push: false } });
    expect(await subscriptionsOf(user.id)).toEqual([]);
  });
});

describe('push delivery goes through safeFetch', () => {
  it('delivers to the allowed loopback fake with ALLOW_PRIVATE_NETWORK_TARGETS', async () => {
    const user = h.newUser();
    await h.call(api.notifications.pushSubscribe, push.subscription('ok', `safe-${user.id}`), user);
    expect(await h.call(api.notifications.pushTest, {}, user)).toEqual({ hasPushSubscriptions: true, result: { push: true } });
    expect(push.received.find((r) => r.path === `/ok/safe-${user.id}`)?.payload).toMatchObject({ body: 'Push notifications are working.' });
  });

  it('never sends to a loopback push endpoint without ALLOW_PRIVATE_NETWORK_TARGETS: the subscription is gone', async () => {
    const adapter = new WebPushAdapter({ ALLOW_PRIVATE_NETWORK_TARGETS: false } as NotificationsConfig);
    const sub = push.subscription('ok', 'never');
    const before = push.received.length;
    const outcome = await adapter.send({ endpoint: sub.endpoint, ...sub.keys }, { title: 't', body: 'b' }, h.get(VapidKeysService).vapid);
    expect(outcome).toBe('gone');
    expect(push.received).toHaveLength(before);
  });

  it('reports a push service that fails as unavailable, without its answer', async () => {
    const adapter = new WebPushAdapter({ ALLOW_PRIVATE_NETWORK_TARGETS: true } as NotificationsConfig);
    const sub = push.subscription('fail', 'boom');
    await expect(adapter.send({ endpoint: sub.endpoint, ...sub.keys }, { title: 't', body: 'b' }, h.get(VapidKeysService).vapid)).rejects.toMatchObject({
      kind: 'PROVIDER_UNAVAILABLE',
      message: 'The push service is unavailable: it answered 500',
    });
  });
});
