import { Injectable } from '@nestjs/common';
import { RateLimitedError, type RequestContext } from '@jarvis/contracts';
import { isIPv6 } from 'node:net';
import { SupportRepository } from './support.repository';

/** Contact-form messages one visitor may send in an hour. */
export const CONTACT_MESSAGES_PER_HOUR = 5;
const WINDOW_SECONDS = 3_600;

/**
 * Limits the public contact form to CONTACT_MESSAGES_PER_HOUR messages an hour per visitor, counted in Postgres so
 * every replica shares the count: the visitor is the IP address the gateway passes (`ctx.clientIp`, as TRUST_PROXY
 * reads it), an IPv6 address by its /64 (one subscriber's block), or the account when there is no address.
 * Above the limit: 429 with Retry-After, and nothing is stored or sent.
 */
@Injectable()
export class ContactRateLimiter {
  constructor(private readonly repository: SupportRepository) {}

  async consume(ctx: RequestContext): Promise<void> {
    const result = await this.repository.takeContactAttempt(visitorOf(ctx), CONTACT_MESSAGES_PER_HOUR, WINDOW_SECONDS);
    if (!result.allowed) {
      const minutes = Math.ceil(result.retryAfterSeconds / 60);
      throw new RateLimitedError(
        `You have sent ${CONTACT_MESSAGES_PER_HOUR} messages in the last hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        result.retryAfterSeconds,
      );
    }
  }
}

export function visitorOf(ctx: RequestContext): string {
  if (ctx.clientIp) return `ip:${addressBlock(ctx.clientIp)}`;
  if (ctx.userId) return `user:${ctx.userId}`;
  return 'unknown';
}

/** An IPv4 address as is (an IPv4-mapped IPv6 one as IPv4); an IPv6 address as its /64 prefix. */
export function addressBlock(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!isIPv6(ip)) return ip.slice(0, 64);
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
