import { type ContactMessageInput, type ContactMessageResponse, contactEndpoints } from '@quire/contracts';
import { call } from '../../api/call';

/** Stores a message for the team (contact page, error page, survey). */
export function sendContactMessage(message: ContactMessageInput): Promise<ContactMessageResponse> {
  return call(contactEndpoints.send, { body: message });
}
