import { Injectable } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Route, type RouteInput } from '../../http/route';
import { EmailVerificationService } from './email-verification.service';

@Injectable()
export class EmailVerificationRoutes {
  constructor(private readonly verification: EmailVerificationService) {}

  /**
   * The e-mailed link: the browser lands on /verify-email, which says whether it worked (an unknown, used or expired
   * token too). Only input no link could carry (a NUL, an array) is a 400, as on every endpoint.
   */
  @Route(api.identity.verifyEmail)
  async verify({ data, reply }: RouteInput<typeof api.identity.verifyEmail>) {
    const result = await this.verification.verify(data.token);
    reply.header('Cache-Control', 'no-store');
    return { location: `/verify-email?result=${result}` };
  }

  @Route(api.identity.resendVerificationEmail)
  resend({ userId }: RouteInput<typeof api.identity.resendVerificationEmail>) {
    return this.verification.resend(userId);
  }

  @Route(api.identity.changeEmail)
  change({ userId, data }: RouteInput<typeof api.identity.changeEmail>) {
    return this.verification.change(userId, data.email);
  }
}
