import { Injectable } from '@nestjs/common';
import { NotFoundError, type QuickResponseShortcut } from '@jarvis/contracts';
import type { ShortcutEntity } from './entities/shortcut.entity';
import { ShortcutsRepository } from './shortcuts.repository';
import type { EntityManager } from 'typeorm';

export interface ShortcutInput {
  name: string;
  trigger_phrases: string[];
  response_template: string;
  is_active: boolean;
}

function toShortcut(row: ShortcutEntity): QuickResponseShortcut {
  return {
    id: row.id,
    name: row.name,
    trigger_phrases: row.triggerPhrases,
    response_template: row.responseTemplate,
    is_active: row.isActive,
    usage_count: row.usageCount,
  };
}

function toFields(input: ShortcutInput) {
  return { name: input.name, triggerPhrases: input.trigger_phrases, responseTemplate: input.response_template, isActive: input.is_active };
}

@Injectable()
export class ShortcutsService {
  constructor(private readonly repository: ShortcutsRepository) {}

  async list(userId: string) {
    return (await this.repository.list(userId)).map(toShortcut);
  }

  async create(userId: string, input: ShortcutInput) {
    return toShortcut(await this.repository.create(userId, toFields(input)));
  }

  async update(userId: string, id: string, input: ShortcutInput) {
    const row = await this.repository.update(userId, id, toFields(input));
    if (!row) throw new NotFoundError('Shortcut');
    return toShortcut(row);
  }

  async delete(userId: string, id: string) {
    if (!(await this.repository.delete(userId, id))) throw new NotFoundError('Shortcut');
    return { success: true as const };
  }

  /** The template of the active shortcut the message triggers (its use counted), or null. */
  respond(userId: string, message: string): Promise<string | null> {
    return this.repository.useMatching(userId, message);
  }

  /** Account lifecycle (issue 22): the user's shortcuts. */
  accountRows(userId: string): Promise<ShortcutEntity[]> {
    return this.repository.ofUser(userId);
  }

  importAccountRows(manager: EntityManager, rows: Partial<ShortcutEntity>[]) {
    return this.repository.insertImported(manager, rows);
  }

  eraseAccountRows(manager: EntityManager, userId: string) {
    return this.repository.eraseUser(manager, userId);
  }
}
