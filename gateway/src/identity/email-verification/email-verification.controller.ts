import { Body, Controller, Query, Res, UseGuards } from '@nestjs/common';
import { api, type RequestOf } from '@jarvis/contracts';
import type { FastifyReply as Reply } from 'fastify';
import { ContractPipe, Route } from '../../http/contract';
import { SignedIn, UserId } from '../signed-in.guard';
import { EmailVerificationService } from './email-verification.service';

@Controller()
export class EmailVerificationController {
  constructor(private readonly verification: EmailVerificationService) {}

  /** The e-mailed link: the browser lands on /verify-email, which says whether it worked (a bad token is no 400). */
  @Route(api.identity.verifyEmail)
  async verify(@Query() query: unknown, @Res() reply: Reply) {
    const parsed = api.identity.verifyEmail.request.safeParse(query ?? {});
    const result = await this.verification.verify(parsed.success ? parsed.data.token : undefined);
    return reply.header('Cache-Control', 'no-store').redirect(`/verify-email?result=${result}`, 302);
  }

  @Route(api.identity.resendVerificationEmail)
  @UseGuards(SignedIn)
  resend(@UserId() userId: string) {
    return this.verification.resend(userId);
  }

  @Route(api.identity.changeEmail)
  @UseGuards(SignedIn)
  change(@UserId() userId: string, @Body(new ContractPipe(api.identity.changeEmail)) body: RequestOf<typeof api.identity.changeEmail>) {
    return this.verification.change(userId, body.email);
  }
}
