import { Injectable } from '@nestjs/common';
import webpush from 'web-push';
import type { VapidDetails } from './vapid-keys.service';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What a push service answered: delivered, or the subscription is gone for good (404/410) and must be dropped. */
export type PushOutcome = 'sent' | 'gone';

/** Web push with the `web-push` library: the payload encrypted for the subscription (aes128gcm), signed with VAPID. */
@Injectable()
export class WebPushAdapter {
  async send(target: PushTarget, payload: unknown, vapid: VapidDetails, ttlSeconds = 24 * 60 * 60): Promise<PushOutcome> {
    try {
      await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
        vapidDetails: vapid,
        TTL: ttlSeconds,
        urgency: 'normal',
        timeout: 10_000,
      });
      return 'sent';
    } catch (error) {
      if (error instanceof webpush.WebPushError && (error.statusCode === 404 || error.statusCode === 410)) return 'gone';
      throw error;
    }
  }
}
