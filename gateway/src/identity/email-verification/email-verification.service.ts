import { Inject, Injectable } from '@nestjs/common';
import { type EmailVerificationResult, internalApi, type RequestContext, type User, UnauthenticatedError } from '@jarvis/contracts';
import { createLogger, RpcClient } from '@jarvis/platform';
import { createHash, randomBytes } from 'node:crypto';
import { GATEWAY_CONFIG, type GatewayConfig } from '../../config/gateway.config';
import type { UserEntity } from '../entities/user.entity';
import { isEmailVerified, toUser } from '../user.mapper';
import { AlreadyVerified, MailNotConfigured, NoEmail } from './email-verification.errors';
import { EmailVerificationRepository } from './email-verification.repository';
import { VerificationMailLimiter } from './verification-mail-limiter';

const log = createLogger('email-verification');
/** How long a link works. */
export const LINK_TTL_SECONDS = 24 * 60 * 60;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Proves an account's e-mail address is the user's before notifications send to it: a new address (at sign-up or
 * changed in Settings) is e-mailed a link with a random 256-bit token, kept only as its hash; following the link
 * once within 24 hours marks the address verified. The gateway owns the address; notifications owns SMTP and is asked
 * to send the mail over `notifications.verification-emails.send`.
 */
@Injectable()
export class EmailVerificationService {
  constructor(
    private readonly repository: EmailVerificationRepository,
    private readonly limiter: VerificationMailLimiter,
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** After sign-up: a link to the address given, if any (a Google account's address is verified by Google). */
  async afterRegistration(userId: string) {
    const user = await this.repository.findUser(userId);
    if (!user?.email || isEmailVerified(user)) return;
    const { sent } = await this.sendLink(user, user.email);
    if (!sent) log.info({ userId }, 'no verification e-mail sent: SMTP_URL is not set on notifications');
  }

  /** Resend in Settings → Notifications: 429 over the limits, 503 naming SMTP_URL when mail is not set up. */
  async resend(userId: string): Promise<{ sent: true; email: string }> {
    const user = await this.load(userId);
    if (!user.email) throw NoEmail();
    if (isEmailVerified(user)) throw AlreadyVerified();
    await this.limiter.consume(userId);
    const { sent } = await this.sendLink(user, user.email);
    if (!sent) throw MailNotConfigured();
    return { sent: true, email: user.email };
  }

  /**
   * Adds, changes or (with null) removes the address. A new address is unverified and is sent a link; the limits
   * of Resend apply, so nobody can make Jarvis mail addresses in bulk. The same address again changes nothing.
   */
  async change(userId: string, email: string | null): Promise<User> {
    const user = await this.load(userId);
    if (email === user.email) return toUser(user);
    if (email) await this.limiter.consume(userId);
    const changed = await this.repository.setEmail(userId, email);
    if (email) {
      await this.sendLink(changed, email).catch((error: unknown) => log.warn({ err: error, userId }, 'verification e-mail for a changed address not sent'));
    }
    return toUser(changed);
  }

  /** Follows a link: where the browser goes next says what happened. */
  async verify(token: string | undefined): Promise<EmailVerificationResult> {
    if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return 'invalid';
    const use = await this.repository.useToken(hashOf(token));
    if (use.kind === 'verified') log.info({ userId: use.userId }, 'e-mail address verified');
    return use.kind;
  }

  private async sendLink(user: UserEntity, email: string): Promise<{ sent: boolean }> {
    const token = randomBytes(32).toString('base64url');
    const tokenHash = hashOf(token);
    await this.repository.addToken(user.id, email, tokenHash, LINK_TTL_SECONDS);
    const link = `${this.config.PUBLIC_URL.replace(/\/$/, '')}/api/auth/verify-email?token=${token}`;
    const ctx: RequestContext = { userId: user.id, tier: 'free', requestId: `verify-email-${user.id}` };
    try {
      const { sent } = await this.rpc.call(internalApi.notifications.sendVerificationEmail, { userId: user.id, to: email, link }, ctx);
      if (!sent) await this.repository.removeToken(tokenHash);
      return { sent };
    } catch (error) {
      await this.repository.removeToken(tokenHash);
      throw error;
    }
  }

  private async load(userId: string) {
    const user = await this.repository.findUser(userId);
    if (!user) throw new UnauthenticatedError();
    return user;
  }
}
