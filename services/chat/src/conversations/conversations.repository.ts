import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, MoreThan, type Repository } from 'typeorm';
import { ConversationEntity } from './entities/conversation.entity';
import { isUuid } from '../common/ids';
import type { EntityManager } from 'typeorm';

@Injectable()
export class ConversationsRepository {
  private readonly repo: Repository<ConversationEntity>;

  constructor(dataSource: DataSource) {
    this.repo = dataSource.getRepository(ConversationEntity);
  }

  async create(userId: string, fields: { title: string; description: string | null; messageIds: string[] }) {
    return this.repo.save(this.repo.create({ userId, ...fields, isPublic: false, shareToken: null, deletedAt: null }));
  }

  /** The caller's live (not deleted) conversations, newest first. */
  list(userId: string): Promise<ConversationEntity[]> {
    return this.repo.find({ where: { userId, deletedAt: IsNull() }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  findLive(userId: string, id: string): Promise<ConversationEntity | null> {
    if (!isUuid(id)) return Promise.resolve(null);
    return this.repo.findOneBy({ id, userId, deletedAt: IsNull() });
  }

  save(row: ConversationEntity) {
    return this.repo.save(row);
  }

  /** A public, live conversation by its share token (any owner: this is the public link). */
  findShared(shareToken: string): Promise<ConversationEntity | null> {
    return this.repo.findOneBy({ shareToken, isPublic: true, deletedAt: IsNull() });
  }

  /** The caller's conversations deleted after `since` whose title contains `title` (any case). */
  findRecoverable(userId: string, title: string, since: Date): Promise<ConversationEntity[]> {
    const pattern = `%${title.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.repo
      .createQueryBuilder('c')
      .where('c.user_id = :userId AND c.deleted_at > :since AND c.title ILIKE :pattern', { userId, since, pattern })
      .orderBy('c.deleted_at', 'DESC')
      .limit(50)
      .getMany();
  }

  findRecoverableById(userId: string, id: string, since: Date): Promise<ConversationEntity | null> {
    if (!isUuid(id)) return Promise.resolve(null);
    return this.repo.findOneBy({ id, userId, deletedAt: MoreThan(since) });
  }

  /** Account lifecycle (issue 22): every saved conversation of the user, deleted ones (still recoverable) too. */
  ofUser(userId: string) {
    return this.repo.find({ where: { userId }, order: { createdAt: 'ASC' } });
  }

  async insertImported(manager: EntityManager, rows: Partial<ConversationEntity>[]) {
    if (rows.length) await manager.getRepository(ConversationEntity).insert(rows);
  }

  async eraseUser(manager: EntityManager, userId: string) {
    await manager.getRepository(ConversationEntity).delete({ userId });
  }
}
