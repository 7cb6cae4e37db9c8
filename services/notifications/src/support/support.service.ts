import { Injectable } from '@nestjs/common';
import type { RequestContext, RequestOf, api } from '@jarvis/contracts';
import { createLogger } from '@jarvis/platform';
import { SupportMailProvider } from './support-mail.provider';
import { SupportRepository } from './support.repository';

const log = createLogger('support');

/**
 * Keeps every support message, then forwards it to SUPPORT_EMAIL when mail delivery is configured. A delivery
 * failure never loses the message: it stays stored with forwarded_at empty for an operator to read.
 */
@Injectable()
export class SupportService {
  constructor(
    private readonly repository: SupportRepository,
    private readonly mailer: SupportMailProvider,
  ) {}

  async contact(ctx: RequestContext, input: RequestOf<typeof api.notifications.contact>) {
    const stored = await this.repository.create({ userId: ctx.userId, ...input });
    if (!this.mailer.configured) {
      log.info({ supportMessageId: stored.id }, 'support message stored; set SMTP_URL and SUPPORT_EMAIL to have it e-mailed');
      return { success: true as const };
    }
    try {
      await this.mailer.send({
        replyTo: `${input.name} <${input.email}>`,
        subject: `[Jarvis support] ${input.subject}`,
        text: `${input.message}\n\n— ${input.name} <${input.email}>${ctx.userId ? ` (user ${ctx.userId})` : ' (visitor)'}`,
      });
      await this.repository.markForwarded(stored.id);
    } catch (error) {
      log.error({ err: error, supportMessageId: stored.id }, 'support message stored but could not be e-mailed');
    }
    return { success: true as const };
  }
}
