import { Controller, Inject, Next, Req, Res } from '@nestjs/common';
import { api, ProviderUnavailableError } from '@jarvis/contracts';
import { createLogger } from '@jarvis/platform';
import type { NextFunction, Request, Response } from 'express';
import passport from 'passport';
import { Strategy as GoogleStrategy, type Profile } from 'passport-google-oauth20';
import { GATEWAY_CONFIG, type GatewayConfig } from '../../config/gateway.config';
import { Route } from '../../http/contract';
import { sendError } from '../../http/error-response';
import { signIn } from '../../http/session';
import { type GoogleProfile, IdentityService } from '../identity.service';

const log = createLogger('google-auth');
const STRATEGY = 'google';

/** Google sign-in (OAuth 2.0 authorization code flow) through passport, with the session kept by us. */
@Controller()
export class GoogleAuthController {
  private readonly configured: boolean;

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly identity: IdentityService,
  ) {
    this.configured = Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
    if (!this.configured) return;
    const oauthBase = config.GOOGLE_OAUTH_BASE_URL.replace(/\/$/, '');
    const isGoogle = oauthBase === 'https://accounts.google.com';
    passport.use(
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
      ),
    );
  }

  @Route(api.identity.google)
  start(@Req() req: Request, @Res() res: Response, @Next() next: NextFunction) {
    if (!this.configured) return sendError(res, notConfigured());
    passport.authenticate(STRATEGY, { scope: ['profile', 'email'], session: false, prompt: 'select_account' })(req, res, next);
  }

  @Route(api.identity.googleCallback)
  callback(@Req() req: Request, @Res() res: Response, @Next() next: NextFunction) {
    if (!this.configured) return res.redirect(302, `/auth/callback?error=${encodeURIComponent('google_not_configured')}`);
    passport.authenticate(STRATEGY, { session: false }, (error: unknown, profile: GoogleProfile | false) => {
      if (error || !profile) {
        if (error) log.warn({ err: error }, 'google sign-in failed');
        const reason = (req.query.error as string | undefined) ?? 'google_sign_in_failed';
        return res.redirect(302, `/auth/callback?error=${encodeURIComponent(reason)}`);
      }
      this.identity
        .signInWithGoogle(profile)
        .then((user) => signIn(req, user.id))
        .then(() => res.redirect(302, '/auth/callback?auth=success'))
        .catch((err) => {
          log.error({ err }, 'google sign-in could not be completed');
          res.redirect(302, '/auth/callback?error=sign_in_failed');
        });
    })(req, res, next);
  }
}

function notConfigured() {
  return new ProviderUnavailableError('Google sign-in', ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET']);
}
