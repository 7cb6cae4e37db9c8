import { Injectable } from '@nestjs/common';
import { DomainError, ErrorKind, type RequestOf, type internalApi } from '@jarvis/contracts';
import { createLogger } from '@jarvis/platform';
import { EmailChannel } from '../delivery/email.channel';

const log = createLogger('verification-mail');

/**
 * The e-mail that proves an address is the user's: identity (the gateway) owns the address and the link's token,
 * notifications owns SMTP. Without SMTP_URL nothing is sent (`sent: false`): the address stays unverified, and
 * nothing is e-mailed to it anyway.
 */
@Injectable()
export class VerificationMailService {
  constructor(private readonly email: EmailChannel) {}

  async send({ userId, to, link }: RequestOf<typeof internalApi.notifications.sendVerificationEmail>) {
    if (!this.email.configured) return { sent: false };
    try {
      await this.email.send(
        to,
        'Verify your e-mail address for Jarvis',
        [
          'Hello,',
          '',
          'Please confirm that this is your e-mail address by opening this link:',
          '',
          link,
          '',
          'The link works once, within 24 hours. Until then Jarvis sends no notifications to this address.',
          'If you did not add this address to a Jarvis account, you can ignore this e-mail.',
        ].join('\n'),
      );
    } catch (error) {
      log.error({ err: error, userId }, 'verification e-mail not sent');
      throw new DomainError(ErrorKind.ServiceUnavailable, 'The verification e-mail could not be sent. Please try again later.');
    }
    return { sent: true };
  }
}
