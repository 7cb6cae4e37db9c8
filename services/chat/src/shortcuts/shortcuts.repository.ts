import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { ShortcutEntity } from './entities/shortcut.entity';
import { isUuid } from '../common/ids';
import type { EntityManager } from 'typeorm';

export interface ShortcutFields {
  name: string;
  triggerPhrases: string[];
  responseTemplate: string;
  isActive: boolean;
}

/** Case, punctuation and runs of spaces do not matter: "What are your hours?" matches "what are your hours". */
const NORMALISED = (expr: string) => `btrim(regexp_replace(lower(${expr}), '[[:punct:][:space:]]+', ' ', 'g'))`;

@Injectable()
export class ShortcutsRepository {
  private readonly repo: Repository<ShortcutEntity>;

  constructor(dataSource: DataSource) {
    this.repo = dataSource.getRepository(ShortcutEntity);
  }

  list(userId: string): Promise<ShortcutEntity[]> {
    return this.repo.find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  create(userId: string, fields: ShortcutFields): Promise<ShortcutEntity> {
    return this.repo.save(this.repo.create({ userId, ...fields, usageCount: 0 }));
  }

  async update(userId: string, id: string, fields: ShortcutFields): Promise<ShortcutEntity | null> {
    if (!isUuid(id)) return null;
    const row = await this.repo.findOneBy({ id, userId });
    if (!row) return null;
    return this.repo.save(Object.assign(row, fields));
  }

  async delete(userId: string, id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    return ((await this.repo.delete({ id, userId })).affected ?? 0) > 0;
  }

  /**
   * The active shortcut whose trigger phrase equals the message (case-insensitive, trimmed), counting its use in
   * the same statement; answers its template, or null when none matches.
   */
  async useMatching(userId: string, message: string): Promise<string | null> {
    // TypeORM answers an UPDATE ... RETURNING as [rows, affected].
    const [rows]: [{ response_template: string }[], number] = await this.repo.query(
      `UPDATE "chat"."quick_response_shortcuts" SET usage_count = usage_count + 1
        WHERE id = (
          SELECT id FROM "chat"."quick_response_shortcuts"
           WHERE user_id = $1 AND is_active
             AND EXISTS (SELECT 1 FROM unnest(trigger_phrases) AS p WHERE ${NORMALISED('p')} = ${NORMALISED('$2')})
           ORDER BY created_at, id LIMIT 1)
        RETURNING response_template`,
      [userId, message],
    );
    return rows[0]?.response_template ?? null;
  }

  /** Account lifecycle (issue 22): every shortcut of the user. */
  ofUser(userId: string) {
    return this.repo.find({ where: { userId }, order: { createdAt: 'ASC' } });
  }

  async insertImported(manager: EntityManager, rows: Partial<ShortcutEntity>[]) {
    if (rows.length) await manager.getRepository(ShortcutEntity).insert(rows);
  }

  async eraseUser(manager: EntityManager, userId: string) {
    await manager.getRepository(ShortcutEntity).delete({ userId });
  }
}
