import { Inject, Injectable } from '@nestjs/common';
import { providerCall } from '@jarvis/platform';
import { createTransport, type Transporter } from 'nodemailer';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config/notifications.config';
import { type SupportMail, SupportMailProvider } from './support-mail.provider';

/** Support mail over SMTP with nodemailer (SMTP_URL), to and from SUPPORT_EMAIL, the sender as Reply-To. */
@Injectable()
export class SmtpAdapter extends SupportMailProvider {
  private readonly transport?: Transporter;
  private readonly to?: string;

  constructor(@Inject(NOTIFICATIONS_CONFIG) config: NotificationsConfig) {
    super();
    if (config.SMTP_URL && config.SUPPORT_EMAIL) {
      this.transport = createTransport(config.SMTP_URL);
      this.to = config.SUPPORT_EMAIL;
    }
  }

  get configured() {
    return this.transport !== undefined;
  }

  async send(mail: SupportMail) {
    if (!this.transport || !this.to) return false;
    const transport = this.transport;
    await providerCall('smtp', 'sendMail', () => transport.sendMail({ from: this.to, to: this.to, replyTo: mail.replyTo, subject: mail.subject, text: mail.text }));
    return true;
  }
}
