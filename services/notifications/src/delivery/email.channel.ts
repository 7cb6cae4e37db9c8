import { Inject, Injectable } from '@nestjs/common';
import { providerCall } from '@jarvis/platform';
import { createTransport, type Transporter } from 'nodemailer';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config/notifications.config';

/** Notification e-mail over SMTP (SMTP_URL) with nodemailer, from SUPPORT_EMAIL (or no-reply at PUBLIC_URL's host). */
@Injectable()
export class EmailChannel {
  private readonly transport?: Transporter;
  private readonly from: string;

  constructor(@Inject(NOTIFICATIONS_CONFIG) config: NotificationsConfig) {
    if (config.SMTP_URL) this.transport = createTransport(config.SMTP_URL);
    this.from = `Jarvis <${config.SUPPORT_EMAIL ?? `no-reply@${new URL(config.PUBLIC_URL).hostname}`}>`;
  }

  get configured() {
    return this.transport !== undefined;
  }

  async send(to: string, subject: string, text: string) {
    await providerCall('smtp', 'sendMail', () => this.transport!.sendMail({ from: this.from, to, subject, text }));
  }
}
