import type { ContactMessageRequest, LocaleCode } from '@quire/contracts';
import type { Database } from '../../db/client';
import { type ContactMessageRow, insertContactMessage } from './contact.store';

/** Stores a message from the contact page, the survey or the error page. Mail delivery arrives with SMTP support. */
export async function sendContactMessage({
  db,
  message,
  locale,
}: {
  db: Database;
  message: ContactMessageRequest;
  locale: LocaleCode;
}): Promise<ContactMessageRow> {
  return insertContactMessage(db, {
    type: message.type,
    body: message.body,
    email: message.email,
    subject: message.subject ?? null,
    locale,
  });
}
