import { Controller } from '@nestjs/common';
import { internalApi } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { VerificationMailService } from './verification-mail.service';

@Controller()
export class VerificationMailHandler {
  constructor(private readonly mails: VerificationMailService) {}

  @Handles(internalApi.notifications.sendVerificationEmail)
  send({ data }: HandlerInput<typeof internalApi.notifications.sendVerificationEmail>) {
    return this.mails.send(data);
  }
}
