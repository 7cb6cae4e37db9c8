import { Injectable } from '@nestjs/common';
import type { AccountFiles, RequestOf, User, UserProfile } from '@jarvis/contracts';
import { api, ConflictError, NotFoundError, UnauthenticatedError, ValidationError } from '@jarvis/contracts';
import { EventBus } from '@jarvis/platform';
import type { EntityManager } from 'typeorm';
import {
  CurrentPasswordRequired,
  CurrentPasswordWrong,
  DeletionPasswordRequired,
  DeletionPasswordWrong,
  DeletionUsernameWrong,
  InvalidCredentials,
  QuickAccessFailed,
  UsernameTaken,
} from './identity.errors';
import { LoginRateLimiter, SignupRateLimiter } from './login-rate-limiter';
import { PasswordHasher } from './password-hasher';
import { toUser, toUserProfile } from './user.mapper';
import { UserSessions } from './user-sessions';
import { UsersRepository } from './users.repository';
import { DeviceSecrets } from './device-secrets';
import type { UserEntity } from './entities/user.entity';

/** Where a sign-in comes from: the client's IP (as TRUST_PROXY defines it) and its device secret's hash, if any. */
export interface Origin {
  ip: string;
  device: string | null;
}

export interface GoogleProfile {
  googleId: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

@Injectable()
export class IdentityService {
  constructor(
    private readonly users: UsersRepository,
    private readonly limiter: LoginRateLimiter,
    private readonly signups: SignupRateLimiter,
    private readonly hasher: PasswordHasher,
    private readonly devices: DeviceSecrets,
    private readonly sessions: UserSessions,
    private readonly events: EventBus,
  ) {}

  async register(input: RequestOf<typeof api.identity.register>, ip: string): Promise<User> {
    if (await this.users.findByUsername(input.username)) throw UsernameTaken();
    await this.signups.consume(ip);
    const passwordHash = await this.hasher.hash(input.password);
    const created = await this.createUnique({ username: input.username, email: input.email, passwordHash });
    await this.announce(created);
    return toUser(created);
  }

  /**
   * A blocked (username, IP) pair or IP waits, unless the browser holds the account's device secret: its owner is
   * never locked out by someone else's guesses. Unknown names and password-less accounts cost one hash check too.
   */
  async login(input: RequestOf<typeof api.identity.login>, from: Origin): Promise<User> {
    const user = await this.users.findByUsername(input.username);
    const trusted = await this.devices.trusts(from.device, user?.id ?? null);
    if (!trusted) await this.limiter.assertAllowed(input.username, from.ip);
    const valid = await this.hasher.verify(user?.passwordHash ?? null, input.password);
    if (!user || !valid || user.deletedAt) {
      await this.limiter.onFailure(input.username, from.ip);
      throw InvalidCredentials();
    }
    await this.limiter.onSuccess(input.username, from.ip);
    return toUser(user);
  }

  /**
   * A free name becomes a new password-less account bound to this browser. An existing one opens only when it has
   * neither a password nor Google, and this browser holds its device secret. Every refusal is the same 401, after
   * the same look-ups and counting, whatever the reason.
   */
  async quickAccess(input: RequestOf<typeof api.identity.quickAccess>, from: Origin): Promise<User> {
    const user = await this.users.findByUsername(input.username);
    const trusted = await this.devices.trusts(from.device, user?.id ?? null);
    if (user && trusted && user.passwordHash === null && user.googleId === null && !user.deletedAt) {
      await this.limiter.onSuccess(input.username, from.ip);
      return toUser(user);
    }
    if (!user) return this.createQuickAccount(input.username, from.ip);
    await this.limiter.assertAllowed(input.username, from.ip);
    await this.limiter.onFailure(input.username, from.ip);
    throw QuickAccessFailed();
  }

  /**
   * Sets the first password of a password-less account, or changes it given the current one (wrong guesses count
   * as failed sign-ins). Every other session of the account ends, on every replica; `keepSessionId` stays.
   */
  async changePassword(
    userId: string,
    input: RequestOf<typeof api.identity.changePassword>,
    from: { ip: string; keepSessionId: string },
  ): Promise<User> {
    const user = await this.load(userId);
    if (user.passwordHash !== null) {
      if (!input.currentPassword) throw CurrentPasswordRequired();
      const name = user.username ?? user.id;
      await this.limiter.assertAllowed(name, from.ip);
      if (!(await this.hasher.verify(user.passwordHash, input.currentPassword))) {
        await this.limiter.onFailure(name, from.ip);
        throw CurrentPasswordWrong();
      }
    }
    const passwordHash = await this.hasher.hash(input.newPassword);
    const updated = await this.users.update(userId, { passwordHash });
    await this.sessions.endOthers(userId, from.keepSessionId);
    return toUser(updated);
  }

  async signInWithGoogle(profile: GoogleProfile): Promise<User> {
    const existing = await this.users.findByGoogleId(profile.googleId);
    if (existing?.deletedAt) throw new UnauthenticatedError('This account was deleted');
    if (existing) {
      return toUser(
        await this.users.update(existing.id, {
          profileImageUrl: profile.profileImageUrl ?? existing.profileImageUrl,
          email: existing.email ?? profile.email,
          // An address Google gives is verified by Google.
          ...(existing.email === null && profile.email ? { emailVerifiedAt: new Date() } : {}),
        }),
      );
    }
    const created = await this.users.create({
      googleId: profile.googleId,
      email: profile.email,
      emailVerifiedAt: profile.email ? new Date() : null,
      firstName: profile.firstName,
      lastName: profile.lastName,
      profileImageUrl: profile.profileImageUrl,
    });
    await this.announce(created);
    return toUser(created);
  }

  async get(userId: string): Promise<User> {
    return toUser(await this.load(userId));
  }

  async acceptTerms(userId: string): Promise<User> {
    const user = await this.load(userId);
    return toUser(await this.users.update(userId, { termsAccepted: true, termsAcceptedEmail: user.email, termsAcceptedAt: new Date() }));
  }

  async setOnboardingCompleted(userId: string, completed: boolean): Promise<User> {
    await this.load(userId);
    return toUser(await this.users.update(userId, { onboardingCompleted: completed }));
  }

  async setTheme(userId: string, input: RequestOf<typeof api.identity.theme>): Promise<User> {
    await this.load(userId);
    const fields: Partial<UserEntity> = {};
    if (input.mode) fields.themeMode = input.mode;
    if (input.color) fields.themeColor = input.color;
    return toUser(await this.users.update(userId, fields));
  }

  async updateProfile(userId: string, input: RequestOf<typeof api.identity.updateProfile>): Promise<User> {
    const user = await this.load(userId);
    const fields: Partial<UserEntity> = { firstName: input.firstName, lastName: input.lastName };
    if (input.username !== undefined && input.username.toLowerCase() !== user.username?.toLowerCase()) {
      const taken = await this.users.findByUsername(input.username);
      if (taken && taken.id !== userId) throw new ValidationError('Username already taken', { username: ['Username already taken'] });
      fields.username = input.username;
    } else if (input.username !== undefined) {
      fields.username = input.username;
    }
    return toUser(await this.users.update(userId, fields));
  }

  /** For other services (telephony, notifications): names, e-mail and plan by id or username. A deleted account is none. */
  async profile(by: { userId: string } | { username: string }): Promise<UserProfile> {
    const user = 'userId' in by ? await this.users.findById(by.userId) : await this.users.findByUsername(by.username);
    if (!user || user.deletedAt) throw new NotFoundError('User');
    return toUserProfile(user);
  }

  /** The account's part of an export: the profile and settings identity holds, never the password hash or a secret. */
  async exportProfile(userId: string): Promise<AccountFiles<'identity'>> {
    const user = await this.load(userId);
    return {
      'profile.json': {
        username: user.username,
        email: user.email,
        emailVerified: toUser(user).emailVerified,
        firstName: user.firstName,
        lastName: user.lastName,
        profileImageUrl: user.profileImageUrl,
        themeMode: user.themeMode as 'light' | 'dark',
        themeColor: user.themeColor as 'blue' | 'purple' | 'green' | 'rose',
        termsAccepted: user.termsAccepted,
        termsAcceptedAt: user.termsAcceptedAt?.toISOString() ?? null,
        onboardingCompleted: user.onboardingCompleted,
        subscriptionTier: user.subscriptionTier as 'free' | 'premium' | 'enterprise',
        signIn: { password: user.passwordHash !== null, google: user.googleId !== null },
        createdAt: user.createdAt.toISOString(),
      },
    };
  }

  /**
   * An archive's profile merged into the account: its theme, and its names where the account has none. The username,
   * address, plan and ways to sign in are the account's own and stay. Applying it again changes nothing.
   */
  async importProfile(userId: string, files: AccountFiles<'identity'>): Promise<number> {
    const user = await this.load(userId);
    const profile = files['profile.json'];
    await this.users.update(userId, {
      themeMode: profile.themeMode,
      themeColor: profile.themeColor,
      firstName: user.firstName ?? profile.firstName,
      lastName: user.lastName ?? profile.lastName,
    });
    return 1;
  }

  /**
   * Checks the confirmation of an account's deletion: its password (wrong guesses count as failed sign-ins), or for an
   * account without one the typed username (its e-mail when it has no username), any case.
   */
  async confirmDeletion(userId: string, input: RequestOf<typeof api.account.deleteAccount>, from: { ip: string }) {
    const user = await this.load(userId);
    if (user.passwordHash !== null) {
      if (!input.password) throw DeletionPasswordRequired();
      const name = user.username ?? user.id;
      await this.limiter.assertAllowed(name, from.ip);
      if (!(await this.hasher.verify(user.passwordHash, input.password))) {
        await this.limiter.onFailure(name, from.ip);
        throw DeletionPasswordWrong();
      }
      return;
    }
    const expected = (user.username ?? user.email ?? '').toLowerCase();
    if (!expected || (input.username ?? '').toLowerCase() !== expected) throw DeletionUsernameWrong();
  }

  /** Marks the account deleted and ends every session of it on every replica; false when it already was. */
  async markDeleted(userId: string): Promise<boolean> {
    const marked = await this.users.markDeleted(userId);
    await this.sessions.endAll(userId);
    return marked;
  }

  /** Removes a deleted account's own row last, once every service erased its part (in the caller's transaction). */
  eraseDeleted(userId: string, manager?: EntityManager): Promise<boolean> {
    return this.users.eraseDeleted(userId, manager);
  }

  private async load(userId: string) {
    const user = await this.users.findById(userId);
    if (!user || user.deletedAt) throw new UnauthenticatedError();
    return user;
  }

  private async createQuickAccount(username: string, ip: string): Promise<User> {
    await this.signups.consume(ip);
    let created: UserEntity;
    try {
      created = await this.createUnique({ username });
    } catch (error) {
      // Someone else took the name a moment ago: it is theirs now.
      if (error instanceof ConflictError) throw QuickAccessFailed();
      throw error;
    }
    await this.announce(created);
    return toUser(created);
  }

  /** The unique index is the final word when two sign-ups race for one name. */
  private async createUnique(fields: Partial<UserEntity>) {
    try {
      return await this.users.create(fields);
    } catch (error) {
      if ((error as { driverError?: { code?: string } }).driverError?.code === '23505') throw UsernameTaken();
      throw error;
    }
  }

  private async announce(user: UserEntity) {
    await this.events.publish('evt.identity.user.registered', { userId: user.id }, `user-registered:${user.id}`).catch(() => undefined);
  }
}

