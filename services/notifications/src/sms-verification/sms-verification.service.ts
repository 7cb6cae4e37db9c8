import { Injectable } from '@nestjs/common';
import { internalApi, type SmsVerificationStatus } from '@jarvis/contracts';
import { createLogger, RpcClient } from '@jarvis/platform';
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { SmsNumberVerificationEntity } from './entities/sms-number-verification.entity';
import { toE164 } from './phone-number';
import { CODE_TRIES, CODES_PER_HOUR, HOUR_SECONDS, RESEND_INTERVAL_SECONDS } from './sms-verification.constants';
import { AlreadyVerified, CodeExpired, CodeVoid, NoCodePending, NoNumber, TooSoon, WrongCode } from './sms-verification.errors';
import { SmsVerificationRepository } from './sms-verification.repository';
import type { EntityManager } from 'typeorm';

const log = createLogger('sms-verification');
/** Saving preferences waits this long for the code's text; a slower one still arrives, the save does not wait. */
const SAVE_SEND_TIMEOUT_MS = 6_000;

/**
 * Proves the SMS notification number is the user's before anything is texted to it: saving a new number sends a
 * 6-digit code through telephony's SMS delivery; typing it back (10 minutes, 5 tries) verifies the number. Codes
 * are kept as hashes and limited per user (one a minute, five an hour), whatever the numbers.
 */
@Injectable()
export class SmsVerificationService {
  constructor(
    private readonly repository: SmsVerificationRepository,
    private readonly rpc: RpcClient,
  ) {}

  /**
   * The preferences now hold `phoneNumber` (E.164, or '' for none). A number that changed starts unverified and is
   * sent a code; one that did not change keeps its state. A code that cannot be sent now (a limit, telephony down)
   * leaves the number unverified with no code pending: the user asks for one again.
   */
  async numberSaved(userId: string, phoneNumber: string) {
    const number = phoneNumber ? toE164(phoneNumber) : null;
    const row = await this.repository.find(userId);
    if ((row?.phoneNumber ?? null) === number) return;
    await this.repository.setNumber(userId, number);
    if (!number) return;
    await this.sendCode(userId, SAVE_SEND_TIMEOUT_MS).catch((error: unknown) =>
      log.warn({ err: error, userId }, 'verification code for a new SMS number not sent'),
    );
  }

  async status(userId: string): Promise<SmsVerificationStatus> {
    return statusOf(await this.repository.find(userId), new Date());
  }

  /** A new code to the saved number, within the limits (429 with Retry-After otherwise). */
  async resend(userId: string): Promise<SmsVerificationStatus> {
    const row = await this.repository.find(userId);
    if (!row?.phoneNumber) throw NoNumber();
    if (row.verifiedAt) throw AlreadyVerified();
    await this.sendCode(userId);
    return this.status(userId);
  }

  async verify(userId: string, code: string): Promise<SmsVerificationStatus> {
    const row = await this.repository.find(userId);
    if (!row?.phoneNumber) throw NoNumber();
    if (row.verifiedAt) return statusOf(row, new Date());
    const attempt = await this.repository.countTry(userId);
    if (!attempt) {
      // Why no try was counted, as the row is now (a request beside this one may have used the last try).
      const current = await this.repository.find(userId);
      if (current?.verifiedAt) return statusOf(current, new Date());
      if (current && current.failedAttempts >= CODE_TRIES) throw CodeVoid();
      if (!current?.codeHash) throw NoCodePending();
      if (current.codeExpiresAt && current.codeExpiresAt.getTime() <= Date.now()) throw CodeExpired();
      throw NoCodePending();
    }
    if (sameHash(attempt.codeHash, codeHash(userId, attempt.phoneNumber, code))) {
      await this.repository.markVerified(userId, attempt.codeHash);
      return this.status(userId);
    }
    const remaining = CODE_TRIES - attempt.tries;
    if (remaining <= 0) {
      await this.repository.voidCode(userId, attempt.codeHash);
      throw CodeVoid();
    }
    throw WrongCode(remaining);
  }

  /** Whether texts may go to `phoneNumber` (as the preferences hold it) for this user: it is the verified number. */
  async isVerified(userId: string, phoneNumber: string): Promise<boolean> {
    const number = toE164(phoneNumber);
    if (!number) return false;
    const row = await this.repository.find(userId);
    return Boolean(row?.verifiedAt && row.phoneNumber === number);
  }

  private async sendCode(userId: string, timeoutMs?: number) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const row = await this.repository.find(userId);
    if (!row?.phoneNumber) throw NoNumber();
    const hash = codeHash(userId, row.phoneNumber, code);
    const number = await this.repository.takeCode(userId, hash);
    if (!number) {
      const current = await this.repository.find(userId);
      if (current?.verifiedAt) throw AlreadyVerified();
      throw TooSoon(Math.max(1, resendAfter(current, new Date())));
    }
    if (number !== row.phoneNumber) {
      // The number changed between the two reads: this code was made for the old one.
      await this.repository.voidCode(userId, hash);
      throw NoCodePending();
    }
    try {
      const ctx = { userId, tier: 'free' as const, requestId: `sms-verification-${userId}` };
      const body = `Your Jarvis verification code is ${code}. It expires in 10 minutes.`;
      await this.rpc.call(internalApi.telephony.deliverSms, { userId, to: number, body }, ctx, timeoutMs ? { timeoutMs } : undefined);
    } catch (error) {
      await this.repository.voidCode(userId, hash);
      throw error;
    }
  }

  /** Account lifecycle (issue 22): the SMS number and whether it was proven the user's (never the code). */
  async accountRow(userId: string): Promise<{ phoneNumber: string | null; verified: boolean } | null> {
    const row = await this.repository.find(userId);
    return row && { phoneNumber: row.phoneNumber, verified: row.verifiedAt !== null };
  }

  eraseAccountRows(manager: EntityManager, userId: string) {
    return this.repository.eraseUser(manager, userId);
  }
}

function codeHash(userId: string, phoneNumber: string, code: string) {
  return createHash('sha256').update(`${userId}:${phoneNumber}:${code}`).digest('hex');
}

function sameHash(a: string, b: string) {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** Seconds before the limits allow another code (0: now). */
function resendAfter(row: SmsNumberVerificationEntity | null, now: Date): number {
  if (!row) return 0;
  const seconds = (date: Date | null, plus: number) => (date ? Math.ceil((date.getTime() + plus * 1000 - now.getTime()) / 1000) : 0);
  const interval = seconds(row.lastSentAt, RESEND_INTERVAL_SECONDS);
  const windowOpen = row.windowStartedAt && row.windowStartedAt.getTime() + HOUR_SECONDS * 1000 > now.getTime();
  const hourly = windowOpen && row.codesInWindow >= CODES_PER_HOUR ? seconds(row.windowStartedAt, HOUR_SECONDS) : 0;
  return Math.max(0, interval, hourly);
}

function statusOf(row: SmsNumberVerificationEntity | null, now: Date): SmsVerificationStatus {
  if (!row?.phoneNumber) {
    return { phoneNumber: null, verified: false, codePending: false, expiresAt: null, remainingTries: 0, resendAfterSeconds: 0 };
  }
  const verified = row.verifiedAt !== null;
  const codePending =
    !verified && row.codeHash !== null && row.codeExpiresAt !== null && row.codeExpiresAt > now && row.failedAttempts < CODE_TRIES;
  return {
    phoneNumber: row.phoneNumber,
    verified,
    codePending,
    expiresAt: codePending ? row.codeExpiresAt!.toISOString() : null,
    remainingTries: codePending ? CODE_TRIES - row.failedAttempts : 0,
    resendAfterSeconds: verified ? 0 : resendAfter(row, now),
  };
}
