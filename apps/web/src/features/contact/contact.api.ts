import type { ContactMessageInput, ContactMessageResponse } from '@quire/contracts';
import { api } from '../../api/client';

/** POST /api/contact/: stores a message for the team (contact page, error page, survey). */
export function sendContactMessage(message: ContactMessageInput): Promise<ContactMessageResponse> {
  return api.post<ContactMessageResponse>('/contact/', message);
}
