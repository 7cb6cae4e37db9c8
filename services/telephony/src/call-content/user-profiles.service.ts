import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { internalApi, type UserProfile } from '@jarvis/contracts';
import { RpcClient } from '@jarvis/platform';

const PROFILE_TIMEOUT_MS = 2_000;

/** What the gateway's identity says of a user (services never read the identity schema). */
@Injectable()
export class UserProfiles {
  private readonly logger = new Logger(UserProfiles.name);

  constructor(private readonly rpc: RpcClient) {}

  /** The profile, or null when identity does not answer in time (a call goes on without a name). */
  async find(userId: string): Promise<UserProfile | null> {
    try {
      return await this.rpc.call(
        internalApi.identity.userProfile,
        { userId },
        { userId, tier: 'free', requestId: `profile-${randomUUID()}` },
        { timeoutMs: PROFILE_TIMEOUT_MS },
      );
    } catch (error) {
      this.logger.warn(`No profile for ${userId}: ${(error as Error).message}`);
      return null;
    }
  }
}
