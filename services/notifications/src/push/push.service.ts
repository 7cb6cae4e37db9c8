import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError } from '@jarvis/contracts';
import { createLogger } from '@jarvis/platform';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config/notifications.config';
import { UnknownPushService } from './push.errors';
import { allowedPushHost } from './push-hosts';
import { PushRepository } from './push.repository';
import { VapidKeysService } from './vapid-keys.service';
import { WebPushAdapter } from './web-push.adapter';
import type { EntityManager } from 'typeorm';

const log = createLogger('push');

/** What the service worker shows (`frontend/public/sw.js`). */
export interface PushMessage {
  title: string;
  body: string;
  url?: string;
  tag?: string;
  notificationId?: string;
}

@Injectable()
export class PushService {
  constructor(
    private readonly repository: PushRepository,
    private readonly vapid: VapidKeysService,
    private readonly webPush: WebPushAdapter,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
  ) {}

  publicKey() {
    return { publicKey: this.vapid.vapid.publicKey };
  }

  /** Only endpoints at a known push service (or WEB_PUSH_ALLOWED_HOSTS): every push is a request to that URL. */
  async subscribe(userId: string, input: { endpoint: string; keys: { p256dh: string; auth: string } }) {
    if (!allowedPushHost(input.endpoint, this.config.WEB_PUSH_ALLOWED_HOSTS)) throw UnknownPushService();
    await this.repository.save(userId, { endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth });
    return { success: true as const };
  }

  async unsubscribe(userId: string, endpoint: string) {
    if (!(await this.repository.remove(userId, endpoint))) throw new NotFoundError('Push subscription');
    return { success: true as const };
  }

  /**
   * Sends to every browser of the user; a subscription its push service calls gone (404/410) is removed. Answers
   * how many received it; throws when some failed otherwise and none received it (the caller retries).
   */
  async deliver(userId: string, message: PushMessage): Promise<{ subscriptions: number; sent: number }> {
    const subscriptions = await this.repository.list(userId);
    let sent = 0;
    let failure: unknown;
    for (const subscription of subscriptions) {
      // Stored before the allow-list existed, or the operator took the host off WEB_PUSH_ALLOWED_HOSTS.
      if (!allowedPushHost(subscription.endpoint, this.config.WEB_PUSH_ALLOWED_HOSTS)) {
        await this.repository.removeById(userId, subscription.id);
        log.info({ userId, subscriptionId: subscription.id }, 'push subscription to a host that is not allowed; removed');
        continue;
      }
      try {
        const outcome = await this.webPush.send(subscription, message, this.vapid.vapid);
        if (outcome === 'sent') sent++;
        else {
          await this.repository.removeById(userId, subscription.id);
          log.info({ userId, subscriptionId: subscription.id }, 'push subscription gone; removed');
        }
      } catch (error) {
        failure = error;
        log.warn({ err: error, userId, subscriptionId: subscription.id }, 'push not delivered');
      }
    }
    if (failure && sent === 0) throw failure;
    return { subscriptions: subscriptions.length, sent };
  }

  async test(userId: string) {
    const result = await this.deliver(userId, { title: 'Jarvis', body: 'Push notifications are working.', tag: 'jarvis-test' }).catch(() => ({
      subscriptions: 1,
      sent: 0,
    }));
    return { hasPushSubscriptions: result.subscriptions > 0, result: { push: result.sent > 0 } };
  }

  /** Account lifecycle (issue 22): every push subscription of the user removed (nothing is kept at the push services). */
  eraseAccountRows(manager: EntityManager, userId: string) {
    return this.repository.eraseUser(manager, userId);
  }
}
