import { Injectable } from '@nestjs/common';
import { optionalSecret } from '@jarvis/platform';
import { createTransport, type Transporter } from 'nodemailer';
import { z } from 'zod';

export const supportMailConfig = z.object({ SMTP_URL: optionalSecret, SUPPORT_EMAIL: optionalSecret });

export interface SupportMail {
  replyTo: string;
  subject: string;
  text: string;
}

/** Delivers support messages to SUPPORT_EMAIL over SMTP (SMTP_URL, e.g. smtps://user:pass@smtp.example.com). */
@Injectable()
export class SupportMailer {
  private readonly transport?: Transporter;
  private readonly to?: string;

  constructor() {
    const config = supportMailConfig.parse(process.env);
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
    await this.transport.sendMail({ from: this.to, to: this.to, replyTo: mail.replyTo, subject: mail.subject, text: mail.text });
    return true;
  }
}
