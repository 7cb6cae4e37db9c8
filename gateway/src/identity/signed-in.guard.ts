import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import { UnauthenticatedError } from '@jarvis/contracts';
import type { FastifyRequest as Request } from 'fastify';
import { SessionUsers } from './session-users';

/** Lets a request through only with a session whose user still exists. */
@Injectable()
export class SignedIn implements CanActivate {
  constructor(private readonly sessions: SessionUsers) {}

  async canActivate(context: ExecutionContext) {
    const req = context.switchToHttp().getRequest<Request & { userId?: string }>();
    const caller = await this.sessions.resolve(req);
    if (!caller) throw new UnauthenticatedError();
    req.userId = caller.userId;
    return true;
  }
}

export const UserId = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  return context.switchToHttp().getRequest<Request & { userId?: string }>().userId as string;
});
