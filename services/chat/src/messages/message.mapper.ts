import type { ChatMessage } from '@jarvis/contracts';
import type { MessageEntity } from './entities/message.entity';

/** A stored message as the API answers it: `actions` only when it has some. */
export function toChatMessage(row: MessageEntity): ChatMessage {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    created_at: row.createdAt.toISOString(),
    ...(row.actions.length ? { actions: row.actions } : {}),
  };
}
