import { Body, Controller, Logger, Req, Res, UseGuards } from '@nestjs/common';
import { api, type RequestOf, type User, type UserWithVoice } from '@jarvis/contracts';
import { RpcClient } from '@jarvis/platform';
import type { FastifyReply as Reply, FastifyRequest as Request } from 'fastify';
import { ContractPipe, Route } from '../http/contract';
import { signOut } from '../http/session';
import { DeviceSecrets } from './device-secrets';
import { IdentityService, type Origin } from './identity.service';
import { SignedIn, UserId } from './signed-in.guard';
import { SignIns } from './sign-ins';

/** What GET /api/user says of voice cloning when the voice service does not answer in time: nothing cloned. */
const NO_VOICE = { voiceCloningStatus: null, voiceCloningEnabled: false, elevenLabsVoiceId: null } as const;
const VOICE_STATUS_TIMEOUT_MS = 2_000;

/** The client's IP as Fastify derives it under TRUST_PROXY. */
const ipOf = (req: Request) => req.ip ?? 'unknown';

@Controller()
export class IdentityController {
  private readonly logger = new Logger(IdentityController.name);

  constructor(
    private readonly identity: IdentityService,
    private readonly signIns: SignIns,
    private readonly devices: DeviceSecrets,
    private readonly rpc: RpcClient,
  ) {}

  @Route(api.identity.register)
  async register(
    @Req() req: Request,
    @Res({ passthrough: true }) reply: Reply,
    @Body(new ContractPipe(api.identity.register)) body: RequestOf<typeof api.identity.register>,
  ) {
    return this.startSession(req, reply, await this.identity.register(body, ipOf(req)));
  }

  @Route(api.identity.login)
  async login(
    @Req() req: Request,
    @Res({ passthrough: true }) reply: Reply,
    @Body(new ContractPipe(api.identity.login)) body: RequestOf<typeof api.identity.login>,
  ) {
    return this.startSession(req, reply, await this.identity.login(body, this.originOf(req)));
  }

  @Route(api.identity.quickAccess)
  async quickAccess(
    @Req() req: Request,
    @Res({ passthrough: true }) reply: Reply,
    @Body(new ContractPipe(api.identity.quickAccess)) body: RequestOf<typeof api.identity.quickAccess>,
  ) {
    return this.startSession(req, reply, await this.identity.quickAccess(body, this.originOf(req)));
  }

  @Route(api.identity.changePassword)
  @UseGuards(SignedIn)
  changePassword(
    @Req() req: Request,
    @UserId() userId: string,
    @Body(new ContractPipe(api.identity.changePassword)) body: RequestOf<typeof api.identity.changePassword>,
  ) {
    return this.identity.changePassword(userId, body, { ip: ipOf(req), keepSessionId: req.session.sessionId });
  }

  @Route(api.identity.logout)
  async logout(@Req() req: Request) {
    // Destroying the session announces its end to every replica (their caches and /api/live streams).
    await signOut(req);
    return { success: true as const };
  }

  @Route(api.identity.currentUser)
  @UseGuards(SignedIn)
  currentUser(@UserId() userId: string) {
    return this.identity.get(userId);
  }

  /** The user with the voice-cloning fields (issue 8, doc2 Settings → Voice); a voice service that is down gives none. */
  @Route(api.identity.user)
  @UseGuards(SignedIn)
  async user(@Req() req: Request, @UserId() userId: string): Promise<UserWithVoice> {
    const user = await this.identity.get(userId);
    const ctx = { userId, tier: user.subscriptionTier, requestId: String(req.id) };
    const voice = await this.rpc
      .call(api.voice.voiceStatus, {}, ctx, { timeoutMs: VOICE_STATUS_TIMEOUT_MS })
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
  @UseGuards(SignedIn)
  acceptTerms(@UserId() userId: string) {
    return this.identity.acceptTerms(userId);
  }

  @Route(api.identity.completeOnboarding)
  @UseGuards(SignedIn)
  completeOnboarding(@UserId() userId: string) {
    return this.identity.setOnboardingCompleted(userId, true);
  }

  @Route(api.identity.resetOnboarding)
  @UseGuards(SignedIn)
  resetOnboarding(@UserId() userId: string) {
    return this.identity.setOnboardingCompleted(userId, false);
  }

  @Route(api.identity.theme)
  @UseGuards(SignedIn)
  theme(@UserId() userId: string, @Body(new ContractPipe(api.identity.theme)) body: RequestOf<typeof api.identity.theme>) {
    return this.identity.setTheme(userId, body);
  }

  @Route(api.identity.updateProfile)
  @UseGuards(SignedIn)
  updateProfile(
    @UserId() userId: string,
    @Body(new ContractPipe(api.identity.updateProfile)) body: RequestOf<typeof api.identity.updateProfile>,
  ) {
    return this.identity.updateProfile(userId, body);
  }

  private async startSession(req: Request, reply: Reply, user: User) {
    await this.signIns.start(req, reply, user.id);
    return { user };
  }

  private originOf(req: Request): Origin {
    return { ip: ipOf(req), device: this.devices.hashOf(req) };
  }
}
