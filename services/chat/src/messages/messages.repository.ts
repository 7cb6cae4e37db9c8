import { Injectable } from '@nestjs/common';
import type { ChatAction } from '@jarvis/contracts';
import { DataSource, In, MoreThan, type Repository } from 'typeorm';
import { MessageFeedbackEntity } from './entities/message-feedback.entity';
import { MessageEntity } from './entities/message.entity';
import { isUuid } from '../common/ids';
import type { EntityManager } from 'typeorm';

@Injectable()
export class MessagesRepository {
  private readonly repo: Repository<MessageEntity>;
  private readonly feedback: Repository<MessageFeedbackEntity>;

  constructor(dataSource: DataSource) {
    this.repo = dataSource.getRepository(MessageEntity);
    this.feedback = dataSource.getRepository(MessageFeedbackEntity);
  }

  async insert(userId: string, role: 'user' | 'assistant', content: string, actions: ChatAction[] = []): Promise<MessageEntity> {
    // Plain SQL: this runs twice on every chat turn.
    const [inserted]: { id: string; created_at: Date }[] = await this.repo.query(
      `INSERT INTO "chat"."messages" (user_id, role, content, actions) VALUES ($1, $2, $3, $4::jsonb) RETURNING id, created_at`,
      [userId, role, content, JSON.stringify(actions)],
    );
    return Object.assign(new MessageEntity(), { id: inserted.id, userId, role, content, actions, createdAt: inserted.created_at });
  }

  /** The caller's most recent `limit` messages, answered oldest first. */
  async recent(userId: string, limit: number): Promise<MessageEntity[]> {
    const rows = await this.repo.find({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
    return rows.reverse();
  }

  findOwn(userId: string, id: string): Promise<MessageEntity | null> {
    if (!isUuid(id)) return Promise.resolve(null);
    return this.repo.findOneBy({ id, userId });
  }

  /** The caller's messages among `ids`, oldest first; foreign or unknown ids are simply absent. */
  findOwnMany(userId: string, ids: string[]): Promise<MessageEntity[]> {
    ids = ids.filter(isUuid);
    if (ids.length === 0) return Promise.resolve([]);
    return this.repo.find({ where: { userId, id: In(ids) }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** The user's own messages since `since` (for patterns): only the columns the analysis reads. */
  userMessagesSince(userId: string, since: Date, limit: number): Promise<Pick<MessageEntity, 'content' | 'createdAt'>[]> {
    return this.repo.find({
      select: { content: true, createdAt: true },
      where: { userId, role: 'user', createdAt: MoreThan(since) },
      order: { createdAt: 'DESC' },
      take: limit,
    });
  }

  /**
   * Records whether action `index` of the caller's own assistant message ran (true) or failed (false), in place in
   * its jsonb list. False when there is no such message or action.
   */
  async setActionOutcome(userId: string, id: string, index: number, executed: boolean): Promise<boolean> {
    if (!isUuid(id)) return false;
    const [rows]: [{ id: string }[], number] = await this.repo.query(
      `UPDATE "chat"."messages" SET actions = jsonb_set(actions, ARRAY[($3::int)::text, 'executed'], to_jsonb($4::boolean))
        WHERE id = $1 AND user_id = $2 AND role = 'assistant' AND $3::int < jsonb_array_length(actions)
        RETURNING id`,
      [id, userId, index, executed],
    );
    return rows.length > 0;
  }

  async upsertFeedback(userId: string, messageId: string, feedbackType: string) {
    await this.feedback.upsert({ userId, messageId, feedbackType }, { conflictPaths: ['userId', 'messageId'] });
  }

  /** Account lifecycle (issue 22): every message of the user, oldest first, and their likes and dislikes. */
  ofUser(userId: string) {
    return this.repo.find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  feedbackOfUser(userId: string) {
    return this.feedback.find({ where: { userId } });
  }

  /** Imported messages and their feedback, in the caller's transaction, in batches Postgres takes. */
  async insertImported(manager: EntityManager, messages: Partial<MessageEntity>[], feedback: Partial<MessageFeedbackEntity>[]) {
    // jsonb actions: TypeORM's deep-partial type cannot spell a record of unknown values.
    for (let i = 0; i < messages.length; i += 2_000) await manager.getRepository(MessageEntity).insert(messages.slice(i, i + 2_000) as never);
    for (let i = 0; i < feedback.length; i += 2_000) await manager.getRepository(MessageFeedbackEntity).insert(feedback.slice(i, i + 2_000));
  }

  async eraseUser(manager: EntityManager, userId: string) {
    await manager.getRepository(MessageFeedbackEntity).delete({ userId });
    await manager.getRepository(MessageEntity).delete({ userId });
  }
}
