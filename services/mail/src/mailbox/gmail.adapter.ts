import { gmail, type gmail_v1 } from '@googleapis/gmail';
import { Inject, Injectable } from '@nestjs/common';
import { googleApiRootUrl, providerCall, toGoogleError } from '@jarvis/platform';
import { MAIL_CONFIG, type MailConfig } from '../config/mail.config';
import { fromGmailMessage } from './gmail-message';
import { type MailboxAuth, type MailboxMessage, MailboxProvider, type MailboxPage } from './mailbox.provider';

/** What a list row needs of a message: a partial response, so no body crosses the wire. */
const SUMMARY_FIELDS = 'id,labelIds,snippet,internalDate,payload(mimeType,filename,headers,parts(mimeType,filename,headers,parts(mimeType,filename,headers)))';
const TIMEOUT_MS = 15_000;

/** The mailbox on Gmail through the official client (@googleapis/gmail), at GOOGLE_API_BASE_URL. */
@Injectable()
export class GmailAdapter extends MailboxProvider {
  private readonly rootUrl: string | undefined;

  constructor(@Inject(MAIL_CONFIG) config: MailConfig) {
    super();
    this.rootUrl = googleApiRootUrl(config);
  }

  private client(auth: MailboxAuth): gmail_v1.Gmail {
    return gmail({ version: 'v1', auth: auth as never, ...(this.rootUrl ? { rootUrl: this.rootUrl } : {}), timeout: TIMEOUT_MS });
  }

  /** One Gmail API call, counted as `jarvis_provider_*{provider="google", operation}`. */
  private async run<T>(operation: string, call: () => Promise<T>): Promise<T> {
    try {
      return await providerCall('google', operation, call);
    } catch (error) {
      throw toGoogleError(error);
    }
  }

  async address(auth: MailboxAuth): Promise<string> {
    const res = await this.run('gmail.users.getProfile', () => this.client(auth).users.getProfile({ userId: 'me' }));
    return (res.data.emailAddress ?? '').toLowerCase();
  }

  async list(auth: MailboxAuth, options: { q?: string; pageToken?: string; max: number }): Promise<MailboxPage> {
    const res = await this.run('gmail.users.messages.list', () =>
      this.client(auth).users.messages.list({
        userId: 'me',
        maxResults: options.max,
        ...(options.q ? { q: options.q } : { labelIds: ['INBOX'] }),
        pageToken: options.pageToken || undefined,
      }),
    );
    return {
      ids: (res.data.messages ?? []).map((m) => m.id).filter((id): id is string => Boolean(id)),
      ...(res.data.nextPageToken ? { nextPageToken: res.data.nextPageToken } : {}),
    };
  }

  async summary(auth: MailboxAuth, id: string): Promise<MailboxMessage> {
    const res = await this.run('gmail.users.messages.get', () => this.client(auth).users.messages.get({ userId: 'me', id, format: 'full', fields: SUMMARY_FIELDS }));
    return fromGmailMessage(res.data, false);
  }

  async get(auth: MailboxAuth, id: string): Promise<MailboxMessage> {
    const res = await this.run('gmail.users.messages.get', () => this.client(auth).users.messages.get({ userId: 'me', id, format: 'full' }));
    return fromGmailMessage(res.data, true);
  }

  async trash(auth: MailboxAuth, id: string): Promise<void> {
    await this.run('gmail.users.messages.trash', () => this.client(auth).users.messages.trash({ userId: 'me', id }));
  }

  async remove(auth: MailboxAuth, id: string): Promise<void> {
    await this.run('gmail.users.messages.delete', () => this.client(auth).users.messages.delete({ userId: 'me', id }));
  }

  async markSpam(auth: MailboxAuth, id: string): Promise<void> {
    await this.run('gmail.users.messages.modify', () =>
      this.client(auth).users.messages.modify({ userId: 'me', id, requestBody: { addLabelIds: ['SPAM'], removeLabelIds: ['INBOX'] } }),
    );
  }

  async send(auth: MailboxAuth, rfc822: string): Promise<void> {
    const raw = Buffer.from(rfc822, 'utf8').toString('base64url');
    await this.run('gmail.users.messages.send', () => this.client(auth).users.messages.send({ userId: 'me', requestBody: { raw } }));
  }
}
