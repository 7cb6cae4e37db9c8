import { Injectable } from '@nestjs/common';
import { DomainError, ErrorKind, HTTP_STATUS_BY_KIND, internalApi, type JobMap, type RequestContext } from '@jarvis/contracts';
import { createLogger, PermanentJobFailure, RpcClient } from '@jarvis/platform';
import { type InboxEntry, InboxService } from '../inbox/inbox.service';
import { PreferencesService } from '../preferences/preferences.service';
import { PushService } from '../push/push.service';
import { SmsVerificationService } from '../sms-verification/sms-verification.service';
import type { Channel } from './delivery.constants';
import { EmailChannel } from './email.channel';

const log = createLogger('delivery');

/**
 * Sends one inbox entry on one channel: the work of a `notifications.deliver-channel` job. It reads the entry when it
 * runs (a retry may come seconds later, on another replica); a thrown error is retried by the queue with backoff, a
 * `PermanentJobFailure` is not.
 */
@Injectable()
export class ChannelDeliveryService {
  constructor(
    private readonly inbox: InboxService,
    private readonly preferences: PreferencesService,
    private readonly push: PushService,
    private readonly email: EmailChannel,
    private readonly rpc: RpcClient,
    private readonly smsVerification: SmsVerificationService,
  ) {}

  async deliver({ notificationId, channel }: JobMap['notifications.deliver-channel']) {
    const row = await this.inbox.byId(notificationId);
    // Deleted by its user since it was queued: nothing left to tell.
    if (!row) return;
    const ctx: RequestContext = { userId: row.userId, tier: 'free', requestId: `notification-${row.id}` };
    try {
      if (channel === 'push') await this.sendPush(row);
      else if (channel === 'email') await this.sendEmail(ctx, row);
      else await this.sendSms(ctx, row);
    } catch (error) {
      throw permanentIfRefused(channel, error);
    }
  }

  /** After the last attempt, or at once for a failure retrying cannot fix. */
  notDelivered({ notificationId, channel }: JobMap['notifications.deliver-channel'], error: unknown) {
    log.error({ err: error, channel, notificationId }, 'notification not delivered on this channel');
  }

  private async sendPush(row: InboxEntry) {
    await this.push.deliver(row.userId, { title: row.title, body: row.message, url: '/', tag: row.type, notificationId: row.id });
  }

  /** Only to an address identity says is verified (the user followed the link sent to it, or Google vouched for it). */
  private async sendEmail(ctx: RequestContext, row: InboxEntry) {
    if (!this.email.configured) throw new PermanentJobFailure('e-mail: SMTP_URL is not set on this replica');
    const user = await this.rpc.call(internalApi.identity.userProfile, { userId: row.userId }, ctx);
    if (!user.email) throw new PermanentJobFailure('e-mail: the user has no e-mail address');
    if (!user.emailVerified) throw new PermanentJobFailure('e-mail: the address is not verified');
    await this.email.send(user.email, `Jarvis: ${row.title}`, `${row.message}\n\nOpen Jarvis to see your notifications.`);
  }

  /**
   * The number is read now: the user may have changed it, or turned SMS off, since the entry was queued. Only a
   * verified number is texted.
   */
  private async sendSms(ctx: RequestContext, row: InboxEntry) {
    const { sms } = await this.preferences.get(row.userId);
    if (!sms.enabled || !sms.phoneNumber) {
      log.info({ notificationId: row.id, userId: row.userId }, 'SMS turned off since the notification was queued; not sent');
      return;
    }
    if (!(await this.smsVerification.isVerified(row.userId, sms.phoneNumber))) {
      throw new PermanentJobFailure('sms: the number is not verified');
    }
    const data = { userId: row.userId, to: sms.phoneNumber, body: `${row.title}: ${row.message}`.slice(0, 1_600) };
    await this.rpc.call(internalApi.telephony.deliverSms, data, ctx);
  }
}

/**
 * An answer of another service that refuses the request itself (a 4xx: a bad number, no such user) is final; an
 * unavailable, overloaded or timed-out one is retried.
 */
function permanentIfRefused(channel: Channel, error: unknown): unknown {
  if (error instanceof DomainError && error.kind !== ErrorKind.RateLimited && HTTP_STATUS_BY_KIND[error.kind] < 500) {
    return new PermanentJobFailure(`${channel}: ${error.kind}: ${error.message}`);
  }
  return error;
}
