import { Injectable } from '@nestjs/common';
import { isRowId } from '@jarvis/contracts';
import { DataSource, type Repository } from 'typeorm';
import { UserEntity } from '../entities/user.entity';
import { EmailVerificationTokenEntity } from './entities/email-verification-token.entity';

/** What a link's token turned out to be when it was followed. */
export type TokenUse = { kind: 'verified'; userId: string } | { kind: 'used' } | { kind: 'expired' } | { kind: 'invalid' };

/** Links kept this long after they expire, so a late click still says 'expired' rather than 'invalid'. */
const KEEP_EXPIRED_DAYS = 7;

/** The queries of e-mail verification: the users' address and its verified state, and the links' token hashes. */
@Injectable()
export class EmailVerificationRepository {
  private readonly users: Repository<UserEntity>;
  private readonly tokens: Repository<EmailVerificationTokenEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.users = dataSource.getRepository(UserEntity);
    this.tokens = dataSource.getRepository(EmailVerificationTokenEntity);
  }

  async findUser(userId: string) {
    if (!isRowId(userId)) return null;
    return this.users.findOneBy({ id: userId });
  }

  /** A new address (or none) starts unverified. */
  async setEmail(userId: string, email: string | null) {
    await this.users.update({ id: userId }, { email, emailVerifiedAt: null });
    return this.users.findOneByOrFail({ id: userId });
  }

  /** Keeps a new link's token hash; the user's links long expired are dropped on the way. */
  async addToken(userId: string, email: string, tokenHash: string, ttlSeconds: number) {
    await this.dataSource.query(
      `DELETE FROM "identity"."email_verification_tokens" WHERE user_id = $1 AND expires_at < now() - make_interval(days => $2)`,
      [userId, KEEP_EXPIRED_DAYS],
    );
    await this.dataSource.query(
      `INSERT INTO "identity"."email_verification_tokens" (user_id, email, token_hash, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
      [userId, email, tokenHash, ttlSeconds],
    );
  }

  async removeToken(tokenHash: string) {
    await this.tokens.delete({ tokenHash });
  }

  /**
   * Uses a link once: in one transaction the token is marked used (only if unused and unexpired, so two clicks at
   * once verify once) and the user's address is marked verified if it is still the address the link was sent to.
   * The user's other links are dropped: one verification is enough.
   */
  async useToken(tokenHash: string): Promise<TokenUse> {
    return this.dataSource.transaction(async (manager) => {
      const [claimed] = (await manager.query(
        `UPDATE "identity"."email_verification_tokens" SET used_at = now()
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id, email`,
        [tokenHash],
      )) as [{ user_id: string; email: string }[], number];
      const token = claimed[0];
      if (!token) {
        const [known] = (await manager.query(
          `SELECT used_at IS NOT NULL AS used FROM "identity"."email_verification_tokens" WHERE token_hash = $1`,
          [tokenHash],
        )) as { used: boolean }[];
        if (!known) return { kind: 'invalid' as const };
        return { kind: known.used ? ('used' as const) : ('expired' as const) };
      }
      const [, verified] = (await manager.query(
        `UPDATE "identity"."users" SET email_verified_at = COALESCE(email_verified_at, now()), updated_at = now()
         WHERE id = $1 AND email = $2`,
        [token.user_id, token.email],
      )) as [unknown, number];
      if (!verified) return { kind: 'invalid' as const };
      await manager.query(`DELETE FROM "identity"."email_verification_tokens" WHERE user_id = $1 AND used_at IS NULL`, [token.user_id]);
      return { kind: 'verified' as const, userId: token.user_id };
    });
  }
}
