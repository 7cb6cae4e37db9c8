import { Injectable } from '@nestjs/common';
import { type MailDetail, type MailSummary, PlanRequiredError, tierAtLeast, type UserContext } from '@jarvis/contracts';
import { GoogleApiError } from '@jarvis/platform';
import { MailAccess } from '../connection/mail-access';
import { type MailboxAuth, type MailboxMessage, MailboxProvider } from '../mailbox/mailbox.provider';
import { parseListUnsubscribe, unsubscribeMessage } from './list-unsubscribe';
import { parseMailbox } from './mail-address';
import { renderBody } from './message-body';
import { OneClickUnsubscriber } from './one-click-unsubscriber';

/** The newest messages a page shows. */
export const PAGE_SIZE = 25;

export interface UnsubscribeResult {
  success: boolean;
  error?: string;
  unsubscribeUrl?: string;
  message?: string;
}

function toSummary(message: MailboxMessage): MailSummary {
  return {
    id: message.id,
    from: parseMailbox(message.headers.from),
    subject: message.headers.subject?.trim() || '(no subject)',
    snippet: message.snippet,
    date: message.date,
    labelIds: message.labelIds,
    hasAttachments: message.hasAttachments,
  };
}

@Injectable()
export class MessagesService {
  constructor(
    private readonly access: MailAccess,
    private readonly mailbox: MailboxProvider,
    private readonly oneClick: OneClickUnsubscriber,
  ) {}

  /** The 25 newest messages matching `q` (Gmail's search syntax), and the token of the next page. */
  list(userId: string, input: { q?: string; search?: string; pageToken?: string }): Promise<{ messages: MailSummary[]; nextPageToken?: string }> {
    return this.access.run(userId, async (auth) => {
      const page = await this.mailbox.list(auth, { q: (input.q ?? input.search)?.trim(), pageToken: input.pageToken, max: PAGE_SIZE });
      const found = await Promise.all(page.ids.map((id) => this.summaryOrNull(auth, id)));
      return {
        messages: found.filter((m): m is MailboxMessage => m !== null).map(toSummary),
        ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
      };
    });
  }

  /** A message deleted between the list and its read is left out rather than failing the page. */
  private async summaryOrNull(auth: MailboxAuth, id: string): Promise<MailboxMessage | null> {
    try {
      return await this.mailbox.summary(auth, id);
    } catch (error) {
      if (error instanceof GoogleApiError && error.status === 404) return null;
      throw error;
    }
  }

  detail(userId: string, input: { id: string; images: 'show' | 'hide' }): Promise<MailDetail> {
    return this.access.run(
      userId,
      async (auth) => {
        const message = await this.mailbox.get(auth, input.id);
        return { ...toSummary(message), ...renderBody(message, input.images === 'show') };
      },
      { perMessage: true },
    );
  }

  async trash(ctx: UserContext, messageId: string): Promise<{ success: boolean }> {
    this.requireManagement(ctx);
    await this.access.run(ctx.userId, (auth) => this.mailbox.trash(auth, messageId), { perMessage: true });
    return { success: true };
  }

  async remove(ctx: UserContext, messageId: string): Promise<{ success: boolean }> {
    this.requireManagement(ctx);
    await this.access.run(ctx.userId, (auth) => this.mailbox.remove(auth, messageId), { perMessage: true });
    return { success: true };
  }

  async spam(ctx: UserContext, messageId: string): Promise<{ success: boolean }> {
    this.requireManagement(ctx);
    await this.access.run(ctx.userId, (auth) => this.mailbox.markSpam(auth, messageId), { perMessage: true });
    return { success: true };
  }

  /**
   * From the List-Unsubscribe header: a one-click POST (RFC 8058) when the sender offers it, else the mailto: request
   * sent from the user's mailbox, else the link for the browser to open.
   */
  async unsubscribe(ctx: UserContext, messageId: string): Promise<UnsubscribeResult> {
    this.requireManagement(ctx);
    return this.access.run(
      ctx.userId,
      async (auth, account) => {
        const message = await this.mailbox.summary(auth, messageId);
        const options = parseListUnsubscribe(message.headers['list-unsubscribe'], message.headers['list-unsubscribe-post']);
        if (options.oneClick && options.url && (await this.oneClick.post(options.url))) {
          return { success: true, message: 'Unsubscribed.' };
        }
        if (options.mailto) {
          await this.mailbox.send(auth, unsubscribeMessage(account.email, options.mailto));
          return { success: true, message: `Unsubscribe request sent to ${options.mailto.to}.` };
        }
        if (options.url) return { success: true, unsubscribeUrl: options.url, message: 'Open the link to finish unsubscribing.' };
        return { success: false, error: 'No unsubscribe link found' };
      },
      { perMessage: true },
    );
  }

  private requireManagement(ctx: UserContext) {
    if (!tierAtLeast(ctx.tier, 'premium')) {
      throw new PlanRequiredError('Email management requires Premium or Enterprise plan', 'premium');
    }
  }
}
