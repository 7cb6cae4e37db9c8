import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { MemoriesService } from './memories.service';

@Controller()
export class MemoriesHandler {
  constructor(private readonly memories: MemoriesService) {}

  @Handles(api.chat.memories)
  list({ ctx }: HandlerInput<typeof api.chat.memories>) {
    return this.memories.list(ctx.userId!);
  }

  @Handles(api.chat.deleteMemory)
  delete({ ctx, data }: HandlerInput<typeof api.chat.deleteMemory>) {
    return this.memories.delete(ctx.userId!, data.id);
  }

  @Handles(api.chat.cleanupPatternMemories)
  cleanupPatterns({ ctx }: HandlerInput<typeof api.chat.cleanupPatternMemories>) {
    return this.memories.cleanupPatterns(ctx.userId!);
  }
}
