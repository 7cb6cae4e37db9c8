import { Inject, Injectable } from '@nestjs/common';
import { ProviderUnavailableError } from '@jarvis/contracts';
import { providerCall, safeFetch, SafeFetchError } from '@jarvis/platform';
import webpush from 'web-push';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config/notifications.config';
import type { VapidDetails } from './vapid-keys.service';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What a push service answered: delivered, or the subscription is gone for good (404/410) and must be dropped. */
export type PushOutcome = 'sent' | 'gone';

const PUSH_SERVICE = 'The push service';

/**
 * Web push with the `web-push` library: the payload encrypted for the subscription (aes128gcm) and signed with VAPID
 * by `generateRequestDetails`, then sent with `safeFetch`, because the endpoint is a URL a browser chose: public
 * addresses only, pinned, capped in size and time.
 */
@Injectable()
export class WebPushAdapter {
  constructor(@Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig) {}

  async send(target: PushTarget, payload: unknown, vapid: VapidDetails, ttlSeconds = 24 * 60 * 60): Promise<PushOutcome> {
    const request = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
      vapidDetails: vapid,
      TTL: ttlSeconds,
      urgency: 'normal',
    });
    let status: number;
    try {
      // Counted as `jarvis_provider_*{provider="web-push"}`: a subscription gone (404, 410) is an answer, not a failure.
      const res = await providerCall(
        'web-push',
        'push.send',
        () =>
          safeFetch(request.endpoint, {
            method: request.method,
            headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
            body: request.body ?? undefined,
            timeoutMs: 10_000,
            maxBytes: 64 * 1024,
            allowPrivateNetwork: this.config.ALLOW_PRIVATE_NETWORK_TARGETS,
          }),
        (answer) => answer.status >= 400 && answer.status !== 404 && answer.status !== 410,
      );
      status = res.status;
    } catch (error) {
      // The subscription's host is refused (it resolves into a private network): no delivery will ever work.
      if (error instanceof SafeFetchError && error.reason === 'refused') return 'gone';
      throw new ProviderUnavailableError(PUSH_SERVICE, [], error instanceof SafeFetchError ? error.message : 'it could not be reached');
    }
    if (status === 404 || status === 410) return 'gone';
    if (status < 200 || status >= 300) throw new ProviderUnavailableError(PUSH_SERVICE, [], `it answered ${status}`);
    return 'sent';
  }
}
