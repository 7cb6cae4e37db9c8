import { Injectable, Logger } from '@nestjs/common';
import { api, type User, type UserWithVoice } from '@jarvis/contracts';
import { RpcClient } from '@jarvis/platform';
import type { FastifyReply as Reply, FastifyRequest as Request } from 'fastify';
import { Route, type RouteInput } from '../http/route';
import { signOut } from '../http/session';
import { DeviceSecrets } from './device-secrets';
import { IdentityService, type Origin } from './identity.service';
import { SignIns } from './sign-ins';

/** What GET /api/user says of voice cloning when the voice service does not answer in time: nothing cloned. */
const NO_VOICE = { voiceCloningStatus: null, voiceCloningEnabled: false, elevenLabsVoiceId: null } as const;
const VOICE_STATUS_TIMEOUT_MS = 2_000;

/** The client's IP as Fastify derives it under TRUST_PROXY. */
const ipOf = (req: Request) => req.ip ?? 'unknown';

/** Accounts and sessions: sign-up, the ways to sign in, sign-out, and what a user sets on their account. */
@Injectable()
export class IdentityRoutes {
  private readonly logger = new Logger(IdentityRoutes.name);

  constructor(
    private readonly identity: IdentityService,
    private readonly signIns: SignIns,
    private readonly devices: DeviceSecrets,
    private readonly rpc: RpcClient,
  ) {}

  @Route(api.identity.register)
  async register({ req, reply, data }: RouteInput<typeof api.identity.register>) {
    return this.startSession(req, reply, await this.identity.register(data, ipOf(req)));
  }

  @Route(api.identity.login)
  async login({ req, reply, data }: RouteInput<typeof api.identity.login>) {
    return this.startSession(req, reply, await this.identity.login(data, this.originOf(req)));
  }

  @Route(api.identity.quickAccess)
  async quickAccess({ req, reply, data }: RouteInput<typeof api.identity.quickAccess>) {
    return this.startSession(req, reply, await this.identity.quickAccess(data, this.originOf(req)));
  }

  @Route(api.identity.changePassword)
  changePassword({ req, userId, data }: RouteInput<typeof api.identity.changePassword>) {
    return this.identity.changePassword(userId, data, { ip: ipOf(req), keepSessionId: req.session.sessionId });
  }

  @Route(api.identity.logout)
  async logout({ req }: RouteInput<typeof api.identity.logout>) {
    // Destroying the session announces its end to every replica (their caches and /api/live streams).
    await signOut(req);
    return { success: true as const };
  }

  @Route(api.identity.currentUser)
  currentUser({ userId }: RouteInput<typeof api.identity.currentUser>) {
    return this.identity.get(userId);
  }

  /** The user with the voice-cloning fields (issue 8, doc2 Settings → Voice); a voice service that is down gives none. */
  @Route(api.identity.user)
  async user({ ctx, userId }: RouteInput<typeof api.identity.user>): Promise<UserWithVoice> {
    const user = await this.identity.get(userId);
    const voice = await this.rpc
      .call(api.voice.voiceStatus, {}, { ...ctx, tier: user.subscriptionTier }, { timeoutMs: VOICE_STATUS_TIMEOUT_MS })
      .catch((error: unknown) => {
        this.logger.warn(`voice cloning status unavailable for GET /api/user: ${(error as Error).message}`);
        return NO_VOICE;
      });
    return {
      ...user,
      voiceCloningStatus: voice.voiceCloningStatus,
      voiceCloningEnabled: voice.voiceCloningEnabled,
      elevenLabsVoiceId: voice.elevenLabsVoiceId,
    };
  }

  @Route(api.identity.acceptTerms)
  acceptTerms({ userId }: RouteInput<typeof api.identity.acceptTerms>) {
    return this.identity.acceptTerms(userId);
  }

  @Route(api.identity.completeOnboarding)
  completeOnboarding({ userId }: RouteInput<typeof api.identity.completeOnboarding>) {
    return this.identity.setOnboardingCompleted(userId, true);
  }

  @Route(api.identity.resetOnboarding)
  resetOnboarding({ userId }: RouteInput<typeof api.identity.resetOnboarding>) {
    return this.identity.setOnboardingCompleted(userId, false);
  }

  @Route(api.identity.theme)
  theme({ userId, data }: RouteInput<typeof api.identity.theme>) {
    return this.identity.setTheme(userId, data);
  }

  @Route(api.identity.updateProfile)
  updateProfile({ userId, data }: RouteInput<typeof api.identity.updateProfile>) {
    return this.identity.updateProfile(userId, data);
  }

  private async startSession(req: Request, reply: Reply, user: User) {
    await this.signIns.start(req, reply, user.id);
    return { user };
  }

  private originOf(req: Request): Origin {
    return { ip: ipOf(req), device: this.devices.hashOf(req) };
  }
}
