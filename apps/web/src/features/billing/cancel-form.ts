import { type CancellationReason, CancelSubscriptionRequest } from '@quire/contracts';

export type CancelForm = { reason: CancellationReason | null; comment: string };
export type CancelFormErrors = { reason?: string; comment?: string };

/** The request a filled-in cancellation form makes, or the keys of what is missing: a reason, and for 'other' a comment. */
export function checkCancelForm(
  form: CancelForm,
): { ok: true; request: CancelSubscriptionRequest } | { ok: false; errors: CancelFormErrors } {
  if (!form.reason) return { ok: false, errors: { reason: 'billing.cancel.reasonRequired' } };
  const comment = form.comment.trim();
  const parsed = CancelSubscriptionRequest.safeParse({ reason: form.reason, comment: comment || undefined });
  if (!parsed.success) return { ok: false, errors: { comment: 'billing.cancel.commentRequired' } };
  return { ok: true, request: parsed.data };
}
