import { Injectable } from '@nestjs/common';
import { type ChatAction, type Memory, NotFoundError } from '@jarvis/contracts';
import type { MemoryEntity, NewMemory } from './entities/memory.entity';
import { MemoriesRepository } from './memories.repository';
import { episodeMemory, extractProfileMemories } from './memory-extractor';
import type { EntityManager } from 'typeorm';

/** Facts that have one true value at a time: a new statement replaces the old one. */
const SINGLE_VALUED_TAGS = ['name', 'home', 'career', 'birthday'];

export function toMemory(row: MemoryEntity): Memory {
  return {
    id: row.id,
    type: row.type as Memory['type'],
    content: row.content,
    importance: row.importance,
    created_at: row.createdAt.toISOString(),
    tags: row.tags,
  };
}

@Injectable()
export class MemoriesService {
  constructor(private readonly repository: MemoriesRepository) {}

  async list(userId: string): Promise<Memory[]> {
    return (await this.repository.list(userId)).map(toMemory);
  }

  /** The memories a chat prompt carries. */
  forPrompt(userId: string): Promise<MemoryEntity[]> {
    return this.repository.forPrompt(userId, 30);
  }

  async delete(userId: string, id: string) {
    if (!(await this.repository.delete(userId, id))) throw new NotFoundError('Memory');
    return { success: true as const };
  }

  async cleanupPatterns(userId: string) {
    return { deleted: await this.repository.deletePatternMemories(userId) };
  }

  /**
   * Remembers what a chat turn taught: facts the user stated about themself (skipping ones already known) and a
   * short episode when an action was offered. `known` is what the prompt already loaded, so no extra read.
   */
  async learnFromTurn(userId: string, message: string, actions: ChatAction[], known: MemoryEntity[]): Promise<NewMemory[]> {
    const knownContents = new Set(known.map((m) => m.content.toLowerCase()));
    const facts = extractProfileMemories(message).filter((m) => !knownContents.has(m.content.toLowerCase()));
    const plain: NewMemory[] = [];
    for (const fact of facts) {
      const tag = fact.tags.find((t) => SINGLE_VALUED_TAGS.includes(t));
      if (tag) await this.repository.replaceTagged(userId, tag, fact);
      else plain.push(fact);
    }
    const episode = episodeMemory(actions);
    if (episode) plain.push(episode);
    await this.repository.insert(userId, plain);
    return [...facts, ...(episode ? [episode] : [])];
  }

  /** Account lifecycle (issue 22): the user's memories. */
  accountRows(userId: string): Promise<MemoryEntity[]> {
    return this.repository.ofUser(userId);
  }

  importAccountRows(manager: EntityManager, rows: Partial<MemoryEntity>[]) {
    return this.repository.insertImported(manager, rows);
  }

  eraseAccountRows(manager: EntityManager, userId: string) {
    return this.repository.eraseUser(manager, userId);
  }
}
