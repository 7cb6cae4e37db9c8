import { Injectable } from '@nestjs/common';
import type { RequestContext, RequestOf, api } from '@jarvis/contracts';
import { createLogger } from '@jarvis/platform';
import { ContactRateLimiter } from './contact-rate-limiter';
import { headerText, isPlainAddress } from './mail-headers';
import { SupportMailProvider } from './support-mail.provider';
import { SupportRepository } from './support.repository';
import type { EntityManager } from 'typeorm';
import type { SupportMessageEntity } from './entities/support-message.entity';

const log = createLogger('support');

/**
 * Keeps every support message, then forwards it to SUPPORT_EMAIL when mail delivery is configured. A delivery
 * failure never loses the message: it stays stored with forwarded_at empty for an operator to read. One visitor may
 * send CONTACT_MESSAGES_PER_HOUR an hour; what they typed reaches the mail's headers only as plain text and a plain
 * address (`mail-headers.ts`).
 */
@Injectable()
export class SupportService {
  constructor(
    private readonly repository: SupportRepository,
    private readonly mailer: SupportMailProvider,
    private readonly limiter: ContactRateLimiter,
  ) {}

  async contact(ctx: RequestContext, input: RequestOf<typeof api.notifications.contact>) {
    await this.limiter.consume(ctx);
    const stored = await this.repository.create({ userId: ctx.userId, ...input });
    if (!this.mailer.configured) {
      log.info({ supportMessageId: stored.id }, 'support message stored; set SMTP_URL and SUPPORT_EMAIL to have it e-mailed');
      return { success: true as const };
    }
    try {
      await this.mailer.send({
        replyTo: isPlainAddress(input.email) ? { name: headerText(input.name, 200), address: input.email } : undefined,
        subject: `[Jarvis support] ${headerText(input.subject)}`,
        text: `${input.message}\n\n— ${input.name} <${input.email}>${ctx.userId ? ` (user ${ctx.userId})` : ' (visitor)'}`,
      });
      await this.repository.markForwarded(stored.id);
    } catch (error) {
      log.error({ err: error, supportMessageId: stored.id }, 'support message stored but could not be e-mailed');
    }
    return { success: true as const };
  }

  /** Account lifecycle (issue 22): what the user wrote to support (sent to this installation's operator: never imported). */
  accountRows(userId: string): Promise<SupportMessageEntity[]> {
    return this.repository.ofUser(userId);
  }

  eraseAccountRows(manager: EntityManager, userId: string) {
    return this.repository.eraseUser(manager, userId);
  }
}
