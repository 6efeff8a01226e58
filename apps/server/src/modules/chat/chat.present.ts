import type { ChatMessage } from '@quire/contracts';
import type { ChatMessageRow } from './chat.store';

export function presentMessage(row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    citations: row.citations,
    engine: row.role === 'assistant' ? ((row.engine as ChatMessage['engine']) ?? 'builtin') : null,
    created_at: row.createdAt.toISOString(),
  };
}
