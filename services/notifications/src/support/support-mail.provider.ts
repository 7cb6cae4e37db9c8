export interface SupportMail {
  replyTo: string;
  subject: string;
  text: string;
}

/** Delivers support messages to the support inbox; SmtpAdapter is the implementation. */
export abstract class SupportMailProvider {
  /** False when SMTP_URL or SUPPORT_EMAIL is unset: messages are stored only. */
  abstract readonly configured: boolean;
  /** Sends one message; false when not configured. */
  abstract send(mail: SupportMail): Promise<boolean>;
}
