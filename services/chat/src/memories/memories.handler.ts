import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { MemoriesService } from './memories.service';

@Controller()
export class MemoriesHandler {
  constructor(private readonly memories: MemoriesService) {}

  @Handles(api.chat.memories)
  list({ userId }: HandlerInput<typeof api.chat.memories>) {
    return this.memories.list(userId);
  }

  @Handles(api.chat.deleteMemory)
  delete({ userId, data }: HandlerInput<typeof api.chat.deleteMemory>) {
    return this.memories.delete(userId, data.id);
  }

  @Handles(api.chat.cleanupPatternMemories)
  cleanupPatterns({ userId }: HandlerInput<typeof api.chat.cleanupPatternMemories>) {
    return this.memories.cleanupPatterns(userId);
  }
}
