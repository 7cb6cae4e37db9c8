import type { ThemeColor, ThemeMode, Tier, User, UserProfile } from '@jarvis/contracts';
import type { UserEntity } from './entities/user.entity';

export function toUser(entity: UserEntity): User {
  return {
    id: entity.id,
    username: entity.username,
    email: entity.email,
    emailVerified: isEmailVerified(entity),
    firstName: entity.firstName,
    lastName: entity.lastName,
    profileImageUrl: entity.profileImageUrl,
    hasPassword: entity.passwordHash !== null,
    termsAccepted: entity.termsAccepted,
    termsAcceptedEmail: entity.termsAcceptedEmail,
    termsAcceptedAt: entity.termsAcceptedAt?.toISOString() ?? null,
    onboardingCompleted: entity.onboardingCompleted,
    subscriptionTier: entity.subscriptionTier as Tier,
    stripeCustomerId: entity.stripeCustomerId,
    themeMode: entity.themeMode as ThemeMode,
    themeColor: entity.themeColor as ThemeColor,
    createdAt: entity.createdAt.toISOString(),
  };
}

/** What other services may know of a user (`identity.users.profile`). */
export function toUserProfile(entity: UserEntity): UserProfile {
  return {
    id: entity.id,
    username: entity.username,
    firstName: entity.firstName,
    lastName: entity.lastName,
    email: entity.email,
    emailVerified: isEmailVerified(entity),
    tier: entity.subscriptionTier as Tier,
  };
}

/** An address is verified once proven, until it changes (a change clears `emailVerifiedAt`). */
export function isEmailVerified(entity: UserEntity): boolean {
  return entity.email !== null && entity.emailVerifiedAt !== null;
}
