import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { MemoryEntity, type NewMemory } from './entities/memory.entity';
import { isUuid } from '../common/ids';
import type { EntityManager } from 'typeorm';

@Injectable()
export class MemoriesRepository {
  private readonly repo: Repository<MemoryEntity>;

  constructor(dataSource: DataSource) {
    this.repo = dataSource.getRepository(MemoryEntity);
  }

  /** Newest first. */
  list(userId: string, limit = 500): Promise<MemoryEntity[]> {
    return this.repo.find({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
  }

  /** What goes into a prompt: the most important first, then the most recent. One query. */
  async forPrompt(userId: string, limit: number): Promise<MemoryEntity[]> {
    // Plain SQL: this runs on every chat turn.
    const rows: { id: string; type: string; content: string; importance: number; tags: string[]; created_at: Date }[] = await this.repo.query(
      `SELECT id, type, content, importance, tags, created_at FROM "chat"."memories"
        WHERE user_id = $1 ORDER BY importance DESC, created_at DESC LIMIT $2`,
      [userId, limit],
    );
    return rows.map((r) => Object.assign(new MemoryEntity(), { id: r.id, userId, type: r.type, content: r.content, importance: r.importance, tags: r.tags, createdAt: r.created_at }));
  }

  async insert(userId: string, memories: NewMemory[]) {
    if (memories.length === 0) return;
    await this.repo.insert(memories.map((m) => ({ userId, ...m })));
  }

  /** Replaces a single-valued fact (the user's name, where they live) in one statement. */
  async replaceTagged(userId: string, tag: string, memory: NewMemory) {
    await this.repo.manager.transaction(async (manager) => {
      await manager
        .createQueryBuilder()
        .delete()
        .from(MemoryEntity)
        .where('user_id = :userId AND type = :type AND :tag = ANY(tags)', { userId, type: 'profile', tag })
        .execute();
      await manager.insert(MemoryEntity, { userId, ...memory });
    });
  }

  async delete(userId: string, id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const result = await this.repo.delete({ id, userId });
    return (result.affected ?? 0) > 0;
  }

  async deletePatternMemories(userId: string): Promise<number> {
    const result = await this.repo
      .createQueryBuilder()
      .delete()
      .where("user_id = :userId AND type = 'interaction' AND content LIKE 'Pattern:%'", { userId })
      .execute();
    return result.affected ?? 0;
  }

  /** Account lifecycle (issue 22): every memory of the user, oldest first. */
  ofUser(userId: string) {
    return this.repo.find({ where: { userId }, order: { createdAt: 'ASC' } });
  }

  async insertImported(manager: EntityManager, rows: Partial<MemoryEntity>[]) {
    for (let i = 0; i < rows.length; i += 2_000) await manager.getRepository(MemoryEntity).insert(rows.slice(i, i + 2_000));
  }

  async eraseUser(manager: EntityManager, userId: string) {
    await manager.getRepository(MemoryEntity).delete({ userId });
  }
}
