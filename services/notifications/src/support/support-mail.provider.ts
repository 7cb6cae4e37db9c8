export interface SupportMail {
  /**
   * Who answers reach: only a syntactically plain address (see `mail-headers.ts`), its display name free of control
   * characters. Absent when the sender's address is not one: the address then stays in the text only.
   */
  replyTo?: { name: string; address: string };
  /** One line: no control characters. */
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
