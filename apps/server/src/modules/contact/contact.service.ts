import { type ContactMessageRequest, type LocaleCode, SURVEY_RATING_MAX } from '@quire/contracts';
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
    body: message.type === 'survey' ? surveyBody(message.rating, message.body) : message.body,
    email: message.email,
    subject: message.subject ?? null,
    locale,
  });
}

/** A survey answer as the team reads it with the other messages: "Rating: 4/5", then the comment if any. */
function surveyBody(rating: number | undefined, comment: string): string {
  const line = `Rating: ${rating ?? '-'}/${SURVEY_RATING_MAX}`;
  return comment ? `${line}\n\n${comment}` : line;
}
