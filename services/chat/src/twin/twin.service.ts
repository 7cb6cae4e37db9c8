import { Injectable } from '@nestjs/common';
import type { RequestContext, UserContext } from '@jarvis/contracts';
import { createLogger } from '@jarvis/platform';
import { z } from 'zod';
import { ChatModel } from '../model/chat-model.provider';
import type { TwinProfile } from './entities/twin.entity';
import { NotEnoughSamplesError } from './twin.errors';
import { TwinRepository } from './twin.repository';
import { describeStyle, measureStyle } from './writing-style';
import type { EntityManager } from 'typeorm';
import type { TwinEntity } from './entities/twin.entity';

const log = createLogger('twin');
const MIN_SAMPLE_LENGTH = 20;
const MIN_SAMPLES = 3;

const modelProfile = z.object({
  voice_summary: z.string().trim().min(1).max(1_000),
  tone_adjectives: z.array(z.string().trim().min(1).max(40)).min(1).max(8),
});

@Injectable()
export class TwinService {
  constructor(
    private readonly repository: TwinRepository,
    private readonly model: ChatModel,
  ) {}

  async get(userId: string) {
    const twin = await this.repository.find(userId);
    return {
      samples: twin?.samples ?? [],
      facts: twin?.facts ?? '',
      boundaries: twin?.boundaries ?? '',
      trained: Boolean(twin?.profile),
      profile: twin?.profile ?? null,
    };
  }

  /** What a chat prompt needs of the user's twin: its profile, facts and boundaries; null when never trained. */
  async forPrompt(userId: string): Promise<{ profile: TwinProfile | null; facts: string; boundaries: string } | null> {
    const twin = await this.repository.find(userId);
    return twin && { profile: twin.profile, facts: twin.facts, boundaries: twin.boundaries };
  }

  async train(ctx: UserContext, input: { samples: string[]; facts: string; boundaries: string }) {
    const samples = input.samples.map((s) => s.trim()).filter((s) => s.length > MIN_SAMPLE_LENGTH);
    if (samples.length < MIN_SAMPLES) throw new NotEnoughSamplesError();
    const profile = await this.profileOf(ctx, samples);
    await this.repository.save(ctx.userId, { samples, facts: input.facts.trim(), boundaries: input.boundaries.trim(), profile });
    return { success: true as const, profile };
  }

  /** With a model: ask it to describe the voice. Without (or if its answer is unusable): measure the samples. */
  private async profileOf(ctx: RequestContext, samples: string[]): Promise<TwinProfile> {
    if (this.model.configured) {
      const reply = await this.model.complete({
        tier: ctx.tier,
        json: true,
        maxTokens: 300,
        messages: [
          {
            role: 'system',
            content:
              'You analyse writing style. Answer only with JSON {"voice_summary": string (one or two sentences), "tone_adjectives": string[] (3 to 6 single words)} describing the voice of the samples.',
          },
          { role: 'user', content: samples.map((s, i) => `Sample ${i + 1}:\n${s}`).join('\n\n') },
        ],
      });
      const parsed = modelProfile.safeParse(safeJson(reply.content));
      if (parsed.success) return parsed.data;
      log.warn('model answered an unusable twin profile; using measured style');
    }
    return describeStyle(measureStyle(samples));
  }

  /** Account lifecycle (issue 22): the twin as stored (samples, facts, boundaries, profile). */
  accountRow(userId: string): Promise<TwinEntity | null> {
    return this.repository.findForUser(userId);
  }

  importAccountRow(manager: EntityManager, row: Partial<TwinEntity> & { userId: string }) {
    return this.repository.importTwin(manager, row);
  }

  eraseAccountRows(manager: EntityManager, userId: string) {
    return this.repository.eraseUser(manager, userId);
  }
}

function safeJson(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return null;
  }
}
