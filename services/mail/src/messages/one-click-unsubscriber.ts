import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { Inject, Injectable } from '@nestjs/common';
import { createLogger } from '@jarvis/platform';
import { MAIL_CONFIG, type MailConfig } from '../config/mail.config';

const log = createLogger('one-click-unsubscribe');
const TIMEOUT_MS = 10_000;

const PRIVATE_NETWORKS = new BlockList();
for (const [net, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) {
  PRIVATE_NETWORKS.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [['::', 127], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['::ffff:0:0', 96]] as const) {
  PRIVATE_NETWORKS.addSubnet(net, prefix, 'ipv6');
}

/**
 * RFC 8058 one-click unsubscribe: `POST <https url>` with `List-Unsubscribe=One-Click`, no cookies, no redirects
 * followed. The address comes from a sender, so hosts on private networks are refused (MAIL_UNSUBSCRIBE_ALLOW_PRIVATE_HOSTS
 * lifts this, and allows plain http, for a local fake).
 */
@Injectable()
export class OneClickUnsubscriber {
  constructor(@Inject(MAIL_CONFIG) private readonly config: MailConfig) {}

  /** Whether the sender accepted the request (a 2xx or a redirect). */
  async post(url: string): Promise<boolean> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return false;
    }
    const local = this.config.MAIL_UNSUBSCRIBE_ALLOW_PRIVATE_HOSTS;
    // RFC 8058: the one-click address is HTTPS. A local fake (the flag) may be plain http.
    if (target.protocol !== 'https:' && !(local && target.protocol === 'http:')) return false;
    if (!local && !(await this.isPublic(target.hostname))) {
      log.warn({ host: target.hostname }, 'one-click unsubscribe refused: the host is on a private network');
      return false;
    }
    try {
      const res = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await res.body?.cancel();
      return res.status >= 200 && res.status < 400;
    } catch (error) {
      log.warn({ host: target.hostname, err: (error as Error).message }, 'one-click unsubscribe failed');
      return false;
    }
  }

  private async isPublic(hostname: string): Promise<boolean> {
    const host = hostname.replace(/^\[|\]$/g, '');
    try {
      const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
      return addresses.length > 0 && addresses.every((a) => !PRIVATE_NETWORKS.check(a.address, a.family === 6 ? 'ipv6' : 'ipv4'));
    } catch {
      return false;
    }
  }
}
