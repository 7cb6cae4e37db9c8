import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { signIn } from '../http/session';
import { DeviceSecrets } from './device-secrets';
import { UserSessions } from './user-sessions';

/**
 * What every successful sign-in does (password login, register, quick access, Google): a new session, remembered
 * under the user so a password change can end it, and the browser's device secret bound to the account.
 */
@Injectable()
export class SignIns {
  constructor(
    private readonly devices: DeviceSecrets,
    private readonly sessions: UserSessions,
  ) {}

  async start(req: FastifyRequest, reply: FastifyReply, userId: string) {
    await signIn(req, userId);
    await this.sessions.track(userId, req.session.sessionId);
    await this.devices.remember(req, reply, userId);
  }
}
