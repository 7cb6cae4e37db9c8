import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type Conversation, NotFoundError, type RecoverableConversation, type SharedConversation } from '@jarvis/contracts';
import { MessagesService } from '../messages/messages.service';
import type { ConversationEntity } from './entities/conversation.entity';
import { ConversationsRepository } from './conversations.repository';
import { isUuid } from '../common/ids';
import type { EntityManager } from 'typeorm';

/**
 * "Recoverable" means: a conversation the caller saved and then deleted within the last 7 days. Delete only marks
 * it (deleted_at); search finds those by title and claim restores one to the caller's list. After 7 days it can no
 * longer be found or claimed. Nobody can recover another user's conversation.
 */
export const RECOVERY_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

const SHARE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** 256 bits from the CSPRNG, url-safe: unguessable, and not derived from anything else. */
export function newShareToken(): string {
  return randomBytes(32).toString('base64url');
}

function toConversation(row: ConversationEntity): Conversation {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    created_at: row.createdAt.toISOString(),
    messageIds: row.messageIds,
    isPublic: row.isPublic,
    shareToken: row.shareToken,
  };
}

@Injectable()
export class ConversationsService {
  constructor(
    private readonly repository: ConversationsRepository,
    private readonly messages: MessagesService,
  ) {}

  async save(userId: string, input: { title: string; description?: string | null; messageIds: string[] }): Promise<Conversation> {
    const ids = [...new Set(input.messageIds)];
    if (!ids.every(isUuid)) throw new NotFoundError('Message');
    const own = await this.messages.ownMessages(userId, ids);
    if (own.length !== ids.length) throw new NotFoundError('Message');
    const row = await this.repository.create(userId, {
      title: input.title,
      description: input.description?.trim() || null,
      messageIds: own.map((m) => m.id),
    });
    return toConversation(row);
  }

  async list(userId: string): Promise<Conversation[]> {
    return (await this.repository.list(userId)).map(toConversation);
  }

  async delete(userId: string, id: string) {
    const row = await this.repository.findLive(userId, id);
    if (!row) throw new NotFoundError('Conversation');
    row.deletedAt = new Date();
    await this.repository.save(row);
    return { success: true as const };
  }

  /** Turns the public link on or off. The token survives turning it off, so the link given out works again. */
  async share(userId: string, id: string, isPublic: boolean) {
    const row = await this.repository.findLive(userId, id);
    if (!row) throw new NotFoundError('Conversation');
    row.isPublic = isPublic;
    if (isPublic && !row.shareToken) row.shareToken = newShareToken();
    await this.repository.save(row);
    return { isPublic: row.isPublic, shareToken: row.shareToken };
  }

  async shared(shareToken: string): Promise<SharedConversation> {
    const row = SHARE_TOKEN.test(shareToken) ? await this.repository.findShared(shareToken) : null;
    if (!row) throw new NotFoundError('Shared conversation');
    const messages = await this.messages.ownMessages(row.userId, row.messageIds);
    const order = new Map(row.messageIds.map((id, i) => [id, i]));
    messages.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    return {
      title: row.title,
      description: row.description,
      created_at: row.createdAt.toISOString(),
      messages: messages.map((m) => ({ ...m, actions: m.actions ?? [] })),
    };
  }

  async recoverSearch(userId: string, title: string, now = new Date()): Promise<RecoverableConversation[]> {
    const rows = await this.repository.findRecoverable(userId, title, new Date(now.getTime() - RECOVERY_WINDOW_MS));
    return rows.map((r) => ({ id: r.id, title: r.title, description: r.description, created_at: r.createdAt.toISOString(), messageCount: r.messageIds.length }));
  }

  async recoverClaim(userId: string, id: string, now = new Date()): Promise<Conversation> {
    const row = await this.repository.findRecoverableById(userId, id, new Date(now.getTime() - RECOVERY_WINDOW_MS));
    if (!row) throw new NotFoundError('Conversation');
    row.deletedAt = null;
    return toConversation(await this.repository.save(row));
  }

  /** Account lifecycle (issue 22): the user's saved conversations. */
  accountRows(userId: string): Promise<ConversationEntity[]> {
    return this.repository.ofUser(userId);
  }

  /** Imported conversations; a shared one gets a new link (the old installation's link is not ours to answer). */
  importAccountRows(manager: EntityManager, rows: Partial<ConversationEntity>[]) {
    return this.repository.insertImported(manager, rows.map((row) => ({ ...row, shareToken: row.isPublic ? newShareToken() : null })));
  }

  eraseAccountRows(manager: EntityManager, userId: string) {
    return this.repository.eraseUser(manager, userId);
  }
}
