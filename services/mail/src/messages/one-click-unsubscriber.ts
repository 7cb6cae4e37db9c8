import { Inject, Injectable } from '@nestjs/common';
import { createLogger, safeFetch, SafeFetchError } from '@jarvis/platform';
import { MAIL_CONFIG, type MailConfig } from '../config/mail.config';

const log = createLogger('one-click-unsubscribe');
const TIMEOUT_MS = 10_000;

/**
 * RFC 8058 one-click unsubscribe: `POST <https url>` with `List-Unsubscribe=One-Click`, no cookies, no redirects
 * followed. The address comes from a sender, so it goes through `safeFetch`: https only, public addresses only
 * (ALLOW_PRIVATE_NETWORK_TARGETS lifts this, and allows plain http, for a local fake), pinned, capped.
 */
@Injectable()
export class OneClickUnsubscriber {
  constructor(@Inject(MAIL_CONFIG) private readonly config: MailConfig) {}

  /** Whether the sender accepted the request (a 2xx or a redirect). */
  async post(url: string): Promise<boolean> {
    try {
      const res = await safeFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
        redirect: 'manual',
        timeoutMs: TIMEOUT_MS,
        maxBytes: 64 * 1024,
        allowPrivateNetwork: this.config.ALLOW_PRIVATE_NETWORK_TARGETS,
      });
      return res.status >= 200 && res.status < 400;
    } catch (error) {
      const reason = error instanceof SafeFetchError ? error.message : 'unexpected failure';
      log.warn({ reason }, error instanceof SafeFetchError && error.reason === 'refused' ? 'one-click unsubscribe refused' : 'one-click unsubscribe failed');
      return false;
    }
  }
}
