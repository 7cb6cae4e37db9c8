import { Body, Controller, Query, Res, UseGuards } from '@nestjs/common';
import { api, type RequestOf } from '@jarvis/contracts';
import type { FastifyReply as Reply } from 'fastify';
import { ContractPipe, Route } from '../../http/contract';
import { SignedIn, UserId } from '../signed-in.guard';
import { EmailVerificationService } from './email-verification.service';

@Controller()
export class EmailVerificationController {
  constructor(private readonly verification: EmailVerificationService) {}

  /**
   * The e-mailed link: the browser lands on /verify-email, which says whether it worked (an unknown, used or expired
   * token too). Only input no link could carry (a NUL, an array) is a 400, as on every endpoint.
   */
  @Route(api.identity.verifyEmail)
  async verify(
    @Query(new ContractPipe(api.identity.verifyEmail)) query: RequestOf<typeof api.identity.verifyEmail>,
    @Res() reply: Reply,
  ) {
    const result = await this.verification.verify(query.token);
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
