import { z } from 'zod';
import type { Tier } from '../context';
import { emailAddress, endpoint, noInput, returns } from '../endpoint';

/** GET /api/user: the user and the voice-cloning fields of `GET /api/voice-cloning/status`. */
export interface UserWithVoice extends User {
  voiceCloningStatus: 'processing' | 'completed' | 'failed' | null;
  voiceCloningEnabled: boolean;
  elevenLabsVoiceId: string | null;
}

export const THEME_MODES = ['light', 'dark'] as const;
export const THEME_COLORS = ['blue', 'purple', 'green', 'rose'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
export type ThemeColor = (typeof THEME_COLORS)[number];

/** The signed-in user as every screen reads it. */
export interface User {
  id: string;
  username: string | null;
  email: string | null;
  /**
   * Whether the address is proven to be the user's: the link Jarvis e-mailed to it was followed, or Google vouched
   * for it. Notifications e-mail only a verified address.
   */
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  hasPassword: boolean;
  termsAccepted: boolean;
  termsAcceptedEmail: string | null;
  termsAcceptedAt: string | null;
  onboardingCompleted: boolean;
  subscriptionTier: Tier;
  stripeCustomerId: string | null;
  themeMode: ThemeMode;
  themeColor: ThemeColor;
  createdAt: string;
}

const trimmed = (min: number, label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(min, `${label} must be at least ${min} characters long`)
    .max(64, `${label} must be at most 64 characters long`);

/** The rules of every password an account is given (register, POST /api/auth/password). */
const newPassword = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(6, `${label} must be at least 6 characters long`)
    .max(256, `${label} must be at most 256 characters long`);

export const registerRequest = z.object({
  username: trimmed(3, 'Username'),
  password: newPassword('Password'),
  email: z
    .union([z.literal(''), z.null(), emailAddress()])
    .optional()
    .transform((v) => (v ? v.toLowerCase() : null)),
});

export const loginRequest = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Please enter both username and password')
    .max(64, 'Username must be at most 64 characters long'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Please enter both username and password')
    .max(256, 'Password must be at most 256 characters long'),
});

export const quickAccessRequest = z.object({ username: trimmed(2, 'Username') });

/**
 * Quick access's one failure (doc3 §8 'Login Failed'), the same whatever the reason: the name is another browser's,
 * the account has a password, or it signs in with Google.
 */
export const QUICK_ACCESS_FAILED = 'Please check your username and try again';

/** POST /api/auth/password: `currentPassword` is needed only when the account already has a password. */
export const changePasswordRequest = z.object({
  currentPassword: z.string().max(256, 'Password must be at most 256 characters long').optional(),
  newPassword: newPassword('New password'),
});

export const themeRequest = z
  .object({ mode: z.enum(THEME_MODES).optional(), color: z.enum(THEME_COLORS).optional() })
  .refine((v) => v.mode !== undefined || v.color !== undefined, { message: 'Give a mode or a color' });

const optionalName = z
  .string()
  .trim()
  .max(100, 'Names are at most 100 characters')
  .nullish()
  .transform((v) => (v ? v : null));

/** PUT /api/user/email: the account's address, added or changed (empty removes it); a new one must be verified. */
export const emailChangeRequest = z.object({
  email: z
    .union([z.literal(''), z.null(), emailAddress()])
    .transform((v) => (v ? v.toLowerCase() : null)),
});

/** Where GET /api/auth/verify-email sends the browser: `/verify-email?result=<one of these>`. */
export const EMAIL_VERIFICATION_RESULTS = ['verified', 'used', 'expired', 'invalid'] as const;
export type EmailVerificationResult = (typeof EMAIL_VERIFICATION_RESULTS)[number];

export const profileRequest = z.object({
  username: trimmed(3, 'Username').optional(),
  firstName: optionalName,
  lastName: optionalName,
});

const auth = {
  register: endpoint({
    method: 'POST', path: '/api/register', service: 'gateway', subject: 'identity.accounts.register', access: 'public',
    request: registerRequest, response: returns<{ user: User }>(), status: 201,
  }),
  login: endpoint({
    method: 'POST', path: '/api/login', service: 'gateway', subject: 'identity.sessions.login', access: 'public',
    request: loginRequest, response: returns<{ user: User }>(),
  }),
  quickAccess: endpoint({
    method: 'POST', path: '/api/auth/username', service: 'gateway', subject: 'identity.sessions.quickAccess', access: 'public',
    request: quickAccessRequest, response: returns<{ user: User }>(),
  }),
  google: endpoint({
    method: 'GET', path: '/api/auth/google', service: 'gateway', subject: 'identity.google.start', access: 'public',
    request: noInput, response: returns<never>(), responseKind: 'redirect',
  }),
  googleCallback: endpoint({
    method: 'GET', path: '/api/auth/google/callback', service: 'gateway', subject: 'identity.google.callback',
    access: 'public', request: noInput, response: returns<never>(), responseKind: 'redirect',
  }),
  currentUser: endpoint({
    method: 'GET', path: '/api/auth/user', service: 'gateway', subject: 'identity.users.current', access: 'user',
    request: noInput, response: returns<User>(),
  }),
  logout: endpoint({
    method: 'POST', path: '/api/logout', service: 'gateway', subject: 'identity.sessions.logout', access: 'public',
    request: noInput, response: returns<{ success: true }>(),
  }),
  acceptTerms: endpoint({
    method: 'POST', path: '/api/auth/accept-terms', service: 'gateway', subject: 'identity.terms.accept', access: 'user',
    request: noInput, response: returns<User>(),
  }),
  completeOnboarding: endpoint({
    method: 'POST', path: '/api/auth/onboarding/complete', service: 'gateway', subject: 'identity.onboarding.complete',
    access: 'user', request: noInput, response: returns<User>(),
  }),
  resetOnboarding: endpoint({
    method: 'POST', path: '/api/auth/onboarding/reset', service: 'gateway', subject: 'identity.onboarding.reset',
    access: 'user', request: noInput, response: returns<User>(),
  }),
  theme: endpoint({
    method: 'POST', path: '/api/auth/theme', service: 'gateway', subject: 'identity.theme.update', access: 'user',
    request: themeRequest, response: returns<User>(),
  }),
  /** The user with the voice-cloning state of Settings → Voice (doc2), asked of the voice service. */
  user: endpoint({
    method: 'GET', path: '/api/user', service: 'gateway', subject: 'identity.users.get', access: 'user',
    request: noInput, response: returns<UserWithVoice>(),
  }),
  /** Gives a password-less account a password, or changes it; every other session of the account ends. */
  changePassword: endpoint({
    method: 'POST', path: '/api/auth/password', service: 'gateway', subject: 'identity.password.change', access: 'user',
    request: changePasswordRequest, response: returns<User>(),
  }),
  updateProfile: endpoint({
    method: 'PUT', path: '/api/user/profile', service: 'gateway', subject: 'identity.profile.update', access: 'user',
    request: profileRequest, response: returns<User>(),
  }),
  /** Changes the account's e-mail address; a new address is unverified and gets a verification link. */
  changeEmail: endpoint({
    method: 'PUT', path: '/api/user/email', service: 'gateway', subject: 'identity.email.change', access: 'user',
    request: emailChangeRequest, response: returns<User>(),
  }),
  /**
   * The link of the verification e-mail (single use, 24 h): marks the address verified and redirects the browser to
   * `/verify-email?result=verified|used|expired|invalid`.
   */
  verifyEmail: endpoint({
    method: 'GET', path: '/api/auth/verify-email', service: 'gateway', subject: 'identity.email.verify', access: 'public',
    request: z.object({ token: z.string().max(200).optional() }), response: returns<never>(), responseKind: 'redirect',
  }),
  /** Sends the verification link again (rate limited: 429 with Retry-After). */
  resendVerificationEmail: endpoint({
    method: 'POST', path: '/api/auth/verify-email/resend', service: 'gateway', subject: 'identity.email.resend',
    access: 'user', request: noInput, response: returns<{ sent: true; email: string }>(),
  }),
  live: endpoint({
    method: 'GET', path: '/api/live', service: 'gateway', subject: 'identity.live.stream', access: 'user',
    // An open Server-Sent Events stream of the caller's own live events (see live.ts), not a JSON reply.
    request: noInput, response: returns<never>(),
  }),
};
export const identityEndpoints = auth;
