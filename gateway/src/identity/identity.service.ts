import { Injectable } from '@nestjs/common';
import type { RequestOf, User, UserProfile } from '@jarvis/contracts';
import { api, NotFoundError, UnauthenticatedError, ValidationError } from '@jarvis/contracts';
import { EventBus } from '@jarvis/platform';
import * as argon2 from 'argon2';
import { InvalidCredentials, PasswordAccount, UsernameTaken } from './identity.errors';
import { LoginRateLimiter } from './login-rate-limiter';
import { toUser, toUserProfile } from './user.mapper';
import { UsersRepository } from './users.repository';
import type { UserEntity } from './entities/user.entity';

/** A fixed hash checked when the username is unknown, so timing does not reveal which usernames exist. */
let dummyHash: Promise<string> | undefined;

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
    private readonly events: EventBus,
  ) {}

  async register(input: RequestOf<typeof api.identity.register>): Promise<User> {
    if (await this.users.findByUsername(input.username)) throw UsernameTaken();
    const passwordHash = await argon2.hash(input.password, { type: argon2.argon2id });
    const created = await this.createUnique({ username: input.username, email: input.email, passwordHash });
    await this.announce(created);
    return toUser(created);
  }

  async login(input: RequestOf<typeof api.identity.login>, ip: string): Promise<User> {
    await this.limiter.beforeAttempt(ip, input.username);
    const user = await this.users.findByUsername(input.username);
    const hash = user?.passwordHash ?? (await (dummyHash ??= argon2.hash('not-a-password', { type: argon2.argon2id })));
    const valid = await argon2.verify(hash, input.password).catch(() => false);
    if (!user || !user.passwordHash || !valid) {
      await this.limiter.onFailure(input.username);
      throw InvalidCredentials();
    }
    await this.limiter.onSuccess(input.username);
    return toUser(user);
  }

  /** Signs into or creates a password-less account; never into an account that has a password. */
  async quickAccess(input: RequestOf<typeof api.identity.quickAccess>, ip: string): Promise<User> {
    await this.limiter.beforeAttempt(ip, input.username);
    const existing = await this.users.findByUsername(input.username);
    if (existing) {
      if (existing.passwordHash !== null) throw PasswordAccount();
      return toUser(existing);
    }
    const created = await this.createUnique({ username: input.username });
    await this.announce(created);
    return toUser(created);
  }

  async signInWithGoogle(profile: GoogleProfile): Promise<User> {
    const existing = await this.users.findByGoogleId(profile.googleId);
    if (existing) {
      return toUser(
        await this.users.update(existing.id, {
          profileImageUrl: profile.profileImageUrl ?? existing.profileImageUrl,
          email: existing.email ?? profile.email,
        }),
      );
    }
    const created = await this.users.create({
      googleId: profile.googleId,
      email: profile.email,
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

  /** For other services (telephony, notifications): names, e-mail and plan by id or username. */
  async profile(by: { userId: string } | { username: string }): Promise<UserProfile> {
    const user = 'userId' in by ? await this.users.findById(by.userId) : await this.users.findByUsername(by.username);
    if (!user) throw new NotFoundError('User');
    return toUserProfile(user);
  }

  private async load(userId: string) {
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthenticatedError();
    return user;
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

