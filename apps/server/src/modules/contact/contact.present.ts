import type { ContactMessageResponse } from '@quire/contracts';
import type { ContactMessageRow } from './contact.store';

export function presentContactMessage(row: ContactMessageRow): ContactMessageResponse {
  return { id: row.id, created_at: row.createdAt.toISOString() };
}
