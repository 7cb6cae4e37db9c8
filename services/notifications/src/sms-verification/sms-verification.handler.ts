import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { SmsVerificationService } from './sms-verification.service';

@Controller()
export class SmsVerificationHandler {
  constructor(private readonly verification: SmsVerificationService) {}

  @Handles(api.notifications.smsVerification)
  status({ userId }: HandlerInput<typeof api.notifications.smsVerification>) {
    return this.verification.status(userId);
  }

  @Handles(api.notifications.verifySms)
  verify({ userId, data }: HandlerInput<typeof api.notifications.verifySms>) {
    return this.verification.verify(userId, data.code);
  }

  @Handles(api.notifications.resendSmsCode)
  resend({ userId }: HandlerInput<typeof api.notifications.resendSmsCode>) {
    return this.verification.resend(userId);
  }
}
