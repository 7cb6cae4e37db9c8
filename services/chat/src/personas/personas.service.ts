import { Injectable } from '@nestjs/common';
import {
  CAREER_IDS,
  type CareerId,
  PERSONALITY_IDS,
  type PersonalityId,
  PlanRequiredError,
  type RequestContext,
  type Tier,
  tierAtLeast,
  type UserContext,
} from '@jarvis/contracts';
import { createLogger } from '@jarvis/platform';
import { ChatModel } from '../model/chat-model.provider';
import { type Career, CAREERS, DEFAULT_CAREER } from './careers.constants';
import { PersonasRepository } from './personas.repository';
import { DEFAULT_PERSONALITY, PERSONALITIES, type Personality } from './personalities.constants';
import type { EntityManager } from 'typeorm';
import type { UserSettingsEntity } from './entities/user-settings.entity';

const log = createLogger('personas');
const PREVIEW_QUESTION = "Hi Jarvis! Introduce yourself in two or three sentences and tell me how you'd help with my day.";

export interface ActivePersona {
  personality: Personality;
  career: Career;
}

@Injectable()
export class PersonasService {
  constructor(
    private readonly repository: PersonasRepository,
    private readonly model: ChatModel,
  ) {}

  /**
   * What shapes the caller's replies now. A stored choice the current plan no longer allows (after a downgrade)
   * falls back to the default instead of failing the chat.
   */
  async active(userId: string, tier: Tier): Promise<ActivePersona> {
    const row = await this.repository.find(userId);
    const personality = PERSONALITIES[(row?.personalityId as PersonalityId) ?? DEFAULT_PERSONALITY] ?? PERSONALITIES[DEFAULT_PERSONALITY];
    const career = CAREERS[(row?.careerId as CareerId) ?? DEFAULT_CAREER] ?? CAREERS[DEFAULT_CAREER];
    return {
      personality: tierAtLeast(tier, personality.requiredTier) ? personality : PERSONALITIES[DEFAULT_PERSONALITY],
      career: tierAtLeast(tier, career.requiredTier) ? career : CAREERS[DEFAULT_CAREER],
    };
  }

  async getPersonality(ctx: UserContext) {
    const { personality } = await this.active(ctx.userId, ctx.tier);
    return { personalityId: personality.id, personalities: PERSONALITY_IDS.map((id) => PERSONALITIES[id]) };
  }

  async setPersonality(ctx: UserContext, personalityId: PersonalityId) {
    const personality = PERSONALITIES[personalityId];
    if (!tierAtLeast(ctx.tier, personality.requiredTier)) {
      throw new PlanRequiredError(`${personality.name} (Professor Mode) is available on the Enterprise plan.`, personality.requiredTier);
    }
    await this.repository.setPersonality(ctx.userId, personalityId);
    return { personalityId };
  }

  /** A sample reply: from the model when one is configured, otherwise the personality's stored preview. */
  async preview(ctx: RequestContext, personalityId: PersonalityId, message?: string) {
    const personality = PERSONALITIES[personalityId];
    if (!this.model.configured) return { response: personality.previewResponse };
    try {
      const reply = await this.model.complete({
        tier: ctx.tier,
        maxTokens: 200,
        messages: [
          { role: 'system', content: personality.systemPrompt },
          { role: 'user', content: message?.trim() || PREVIEW_QUESTION },
        ],
      });
      return { response: reply.content || personality.previewResponse };
    } catch (error) {
      // A preview is a taste of the style; the stored sample is an honest stand-in when the model fails.
      log.warn({ err: error, personalityId }, 'preview from the model failed; using the stored preview');
      return { response: personality.previewResponse };
    }
  }

  async getCareer(ctx: UserContext) {
    const { career } = await this.active(ctx.userId, ctx.tier);
    return { careerProfile: career.id, careers: CAREER_IDS.map((id) => CAREERS[id]) };
  }

  async setCareer(ctx: UserContext, careerProfile: CareerId) {
    const career = CAREERS[careerProfile];
    if (!tierAtLeast(ctx.tier, career.requiredTier)) {
      throw new PlanRequiredError('Career profiles are available on the Premium and Enterprise plans.', career.requiredTier);
    }
    await this.repository.setCareer(ctx.userId, careerProfile);
    return { careerProfile };
  }

  /** Account lifecycle (issue 22): the personality and career chosen (null: the defaults). */
  accountRow(userId: string): Promise<UserSettingsEntity | null> {
    return this.repository.settingsOf(userId);
  }

  importAccountRow(manager: EntityManager, row: Pick<UserSettingsEntity, 'userId' | 'personalityId' | 'careerId'>) {
    return this.repository.importSettings(manager, row);
  }

  eraseAccountRows(manager: EntityManager, userId: string) {
    return this.repository.eraseUser(manager, userId);
  }
}
