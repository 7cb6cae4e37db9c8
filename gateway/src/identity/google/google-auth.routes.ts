import { Inject, Injectable } from '@nestjs/common';
import { api, ProviderUnavailableError } from '@jarvis/contracts';
import { createLogger } from '@jarvis/platform';
import { Authenticator } from '@fastify/passport';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Strategy as GoogleStrategy, type Profile } from 'passport-google-oauth20';
import { GATEWAY_CONFIG, type GatewayConfig } from '../../config/gateway.config';
import { Route, type RouteInput } from '../../http/route';
import { type GoogleProfile, IdentityService } from '../identity.service';
import { SignIns } from '../sign-ins';

const log = createLogger('google-auth');
const STRATEGY = 'google';

/**
 * Google sign-in (OAuth 2.0 authorization code flow) through passport's Google strategy on Fastify, against
 * configurable endpoints; the session is ours (a new one at sign-in), passport keeps only the `state` in it.
 */
@Injectable()
export class GoogleAuthRoutes {
  private readonly passport = new Authenticator({ key: 'google-auth', userProperty: 'googleProfile' });
  private readonly configured: boolean;
  /** Passport's handlers: to the consent screen (it answers the redirect), and back (`finish` answers). */
  private readonly toGoogle = this.passport.authenticate(STRATEGY, { scope: ['profile', 'email'], session: false, prompt: 'select_account' } as never);
  private readonly fromGoogle = this.passport.authenticate(STRATEGY, { session: false }, (req, reply, error, profile) =>
    this.finish(req, reply, error, profile as GoogleProfile | false | undefined),
  );

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly identity: IdentityService,
    private readonly signIns: SignIns,
  ) {
    this.configured = Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
    if (!this.configured) return;
    const oauthBase = config.GOOGLE_OAUTH_BASE_URL.replace(/\/$/, '');
    const isGoogle = oauthBase === 'https://accounts.google.com';
    this.passport.use(
      STRATEGY,
      new GoogleStrategy(
        {
          clientID: config.GOOGLE_CLIENT_ID!,
          clientSecret: config.GOOGLE_CLIENT_SECRET!,
          callbackURL: `${config.PUBLIC_URL.replace(/\/$/, '')}${api.identity.googleCallback.path}`,
          authorizationURL: `${oauthBase}/o/oauth2/v2/auth`,
          tokenURL: config.GOOGLE_TOKEN_URL ?? (isGoogle ? 'https://oauth2.googleapis.com/token' : `${oauthBase}/token`),
          userProfileURL: `${config.GOOGLE_API_BASE_URL.replace(/\/$/, '')}/oauth2/v3/userinfo`,
          state: true,
        },
        (_accessToken: string, _refreshToken: string, profile: Profile, done: (err: unknown, user?: GoogleProfile) => void) => {
          done(null, {
            googleId: profile.id,
            email: profile.emails?.[0]?.value?.toLowerCase() ?? null,
            firstName: profile.name?.givenName ?? null,
            lastName: profile.name?.familyName ?? null,
            profileImageUrl: profile.photos?.[0]?.value ?? null,
          });
        },
      ) as never,
    );
  }

  /** Passport's request decorators, in the scope the routes are registered in. */
  async usePassport(app: FastifyInstance) {
    await app.register(this.passport.initialize());
  }

  /** To Google's consent screen, with passport's `state` in the session. */
  @Route(api.identity.google)
  async consent({ req, reply }: RouteInput<typeof api.identity.google>) {
    if (!this.configured) throw notConfigured();
    await this.toGoogle.call(req.server, req, reply);
    return reply;
  }

  /** Back from Google: the profile signs in (a new session), and the browser goes on to /auth/callback. */
  @Route(api.identity.googleCallback)
  async callback({ req, reply }: RouteInput<typeof api.identity.googleCallback>) {
    if (!this.configured) return { location: `/auth/callback?error=${encodeURIComponent('google_not_configured')}` };
    await this.fromGoogle.call(req.server, req, reply);
    return reply;
  }

  private async finish(req: FastifyRequest, reply: FastifyReply, error: unknown, profile: GoogleProfile | false | undefined) {
    if (error || !profile) {
      if (error) log.warn({ err: error }, 'google sign-in failed');
      const reason = ((req.query as Record<string, unknown>).error as string | undefined) ?? 'google_sign_in_failed';
      return reply.redirect(`/auth/callback?error=${encodeURIComponent(reason)}`, 302);
    }
    try {
      const user = await this.identity.signInWithGoogle(profile);
      await this.signIns.start(req, reply, user.id);
      return reply.redirect('/auth/callback?auth=success', 302);
    } catch (err) {
      log.error({ err }, 'google sign-in could not be completed');
      return reply.redirect('/auth/callback?error=sign_in_failed', 302);
    }
  }
}

function notConfigured() {
  return new ProviderUnavailableError('Google sign-in', ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET']);
}
