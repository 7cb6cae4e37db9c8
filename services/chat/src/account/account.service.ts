import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { AccountExportPart, AccountFiles, AccountImportResult, CareerId, ChatAction, PersonalityId } from '@jarvis/contracts';
import { eraseArchiveImports, recordArchiveImport } from '@jarvis/platform';
import { DataSource } from 'typeorm';
import { ConversationsService } from '../conversations/conversations.service';
import { DiscordService } from '../discord/discord.service';
import { MemoriesService } from '../memories/memories.service';
import { MessagesService } from '../messages/messages.service';
import { PatternsService } from '../patterns/patterns.service';
import { PersonasService } from '../personas/personas.service';
import { ShortcutsService } from '../shortcuts/shortcuts.service';
import { TwinService } from '../twin/twin.service';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
type MemoryType = AccountFiles<'chat'>['memories.json'][number]['type'];

/**
 * Chat's part of a user's archive (issue 22): saved conversations, every message with its actions' outcomes and the
 * feedback given, memories, the patterns read from the messages today, the twin, the personality and career,
 * shortcuts, and the Discord servers the bot was added to. Patterns are derived (they follow from the imported
 * messages) and Discord servers are this installation's bot's: both are exported, never imported.
 */
@Injectable()
export class ChatAccountService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly messages: MessagesService,
    private readonly conversations: ConversationsService,
    private readonly memories: MemoriesService,
    private readonly patterns: PatternsService,
    private readonly twin: TwinService,
    private readonly personas: PersonasService,
    private readonly shortcuts: ShortcutsService,
    private readonly discord: DiscordService,
  ) {}

  async export(userId: string): Promise<AccountExportPart<'chat'>> {
    const [{ messages, feedback }, conversations, memories, analysis, twin, settings, shortcuts, guilds] = await Promise.all([
      this.messages.accountRows(userId),
      this.conversations.accountRows(userId),
      this.memories.accountRows(userId),
      this.patterns.analyse(userId),
      this.twin.accountRow(userId),
      this.personas.accountRow(userId),
      this.shortcuts.accountRows(userId),
      this.discord.accountRows(userId),
    ]);
    const votes = new Map(feedback.map((f) => [f.messageId, f.feedbackType as 'like' | 'dislike']));
    const files: AccountFiles<'chat'> = {
      'conversations.json': conversations.map((c) => ({
        id: c.id, title: c.title, description: c.description, messageIds: c.messageIds, isPublic: c.isPublic,
        createdAt: c.createdAt.toISOString(), deletedAt: iso(c.deletedAt),
      })),
      'messages.json': messages.map((m) => ({
        id: m.id, role: m.role, content: m.content, actions: m.actions as AccountFiles<'chat'>['messages.json'][number]['actions'],
        feedback: votes.get(m.id) ?? null, createdAt: m.createdAt.toISOString(),
      })),
      'memories.json': memories.map((m) => ({
        id: m.id, type: m.type as MemoryType, content: m.content, importance: m.importance, tags: m.tags, createdAt: m.createdAt.toISOString(),
      })),
      'patterns.json': { patterns: analysis.patterns, insights: analysis.insights },
      'twin.json': twin && { samples: twin.samples, facts: twin.facts, boundaries: twin.boundaries, profile: twin.profile, trainedAt: iso(twin.trainedAt) },
      'personality-and-career.json': settings && { personalityId: settings.personalityId as PersonalityId, careerId: settings.careerId as CareerId },
      'shortcuts.json': shortcuts.map((s) => ({
        id: s.id, name: s.name, triggerPhrases: s.triggerPhrases, responseTemplate: s.responseTemplate, isActive: s.isActive,
        usageCount: s.usageCount, createdAt: s.createdAt.toISOString(),
      })),
      'discord-servers.json': guilds.map((g) => ({ guildId: g.guildId, name: g.name, addedAt: g.createdAt.toISOString() })),
    };
    return { files, attachments: [], unavailable: [] };
  }

  /**
   * The archive's part merged in one transaction, new ids everywhere (a conversation's messages and the feedback on
   * them remapped), the twin, personality and career replaced by the archive's; once per archive.
   */
  async import(userId: string, archiveKey: string, files: AccountFiles<'chat'>): Promise<AccountImportResult> {
    return this.dataSource.transaction(async (manager): Promise<AccountImportResult> => {
      if (!(await recordArchiveImport(manager, 'chat', userId, archiveKey))) return { imported: false, counts: {} };
      const ids = new Map(files['messages.json'].map((m) => [m.id, randomUUID()]));
      await this.messages.importAccountRows(
        manager,
        files['messages.json'].map((m) => ({ id: ids.get(m.id), userId, role: m.role, content: m.content, actions: m.actions as ChatAction[], createdAt: new Date(m.createdAt) })),
        files['messages.json'].flatMap((m) => (m.feedback ? [{ userId, messageId: ids.get(m.id)!, feedbackType: m.feedback }] : [])),
      );
      await this.conversations.importAccountRows(
        manager,
        files['conversations.json'].map((c) => ({
          id: randomUUID(), userId, title: c.title, description: c.description, isPublic: c.isPublic,
          messageIds: c.messageIds.flatMap((id) => (ids.has(id) ? [ids.get(id)!] : [])),
          createdAt: new Date(c.createdAt), deletedAt: c.deletedAt ? new Date(c.deletedAt) : null,
        })),
      );
      await this.memories.importAccountRows(
        manager,
        files['memories.json'].map((m) => ({ id: randomUUID(), userId, type: m.type, content: m.content, importance: m.importance, tags: m.tags, createdAt: new Date(m.createdAt) })),
      );
      const twin = files['twin.json'];
      if (twin) {
        await this.twin.importAccountRow(manager, {
          userId, samples: twin.samples, facts: twin.facts, boundaries: twin.boundaries, profile: twin.profile, trainedAt: twin.trainedAt ? new Date(twin.trainedAt) : null,
        });
      }
      const settings = files['personality-and-career.json'];
      if (settings) await this.personas.importAccountRow(manager, { userId, personalityId: settings.personalityId, careerId: settings.careerId });
      await this.shortcuts.importAccountRows(
        manager,
        files['shortcuts.json'].map((s) => ({
          id: randomUUID(), userId, name: s.name, triggerPhrases: s.triggerPhrases, responseTemplate: s.responseTemplate,
          isActive: s.isActive, usageCount: s.usageCount, createdAt: new Date(s.createdAt),
        })),
      );
      return {
        imported: true,
        counts: {
          'messages.json': files['messages.json'].length, 'conversations.json': files['conversations.json'].length,
          'memories.json': files['memories.json'].length, 'twin.json': twin ? 1 : 0, 'personality-and-career.json': settings ? 1 : 0,
          'shortcuts.json': files['shortcuts.json'].length,
        },
      };
    });
  }

  /** Every row of the user; chat holds nothing at a provider (the Discord bot stays in servers others use). */
  async erase(userId: string): Promise<{ done: boolean }> {
    await this.dataSource.transaction(async (manager) => {
      await this.conversations.eraseAccountRows(manager, userId);
      await this.messages.eraseAccountRows(manager, userId);
      await this.memories.eraseAccountRows(manager, userId);
      await this.twin.eraseAccountRows(manager, userId);
      await this.personas.eraseAccountRows(manager, userId);
      await this.shortcuts.eraseAccountRows(manager, userId);
      await this.discord.eraseAccountRows(manager, userId);
      await eraseArchiveImports(manager, 'chat', userId);
    });
    return { done: true };
  }
}
