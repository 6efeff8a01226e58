import { NO_USER_EMAIL } from '@quire/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { useTranslation } from '../../i18n/use-translation';
import { sendContactMessage } from '../contact';

export type SurveyStep = 'rating' | 'comment' | 'thanks';

/** As long as the slide-down animation of survey.css. */
const LEAVE_MS = 220;

/**
 * The survey card's state: its step, whether it is open, the rating and comment, the answer being sent (to
 * POST /api/contact/ as a message of type survey) and the card leaving. The focus follows the step.
 */
export function useSurveyCard({ email, onDone }: { email: string | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<SurveyStep>('rating');
  const [open, setOpen] = useState(true);
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const thanksRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (step === 'comment') commentRef.current?.focus();
    if (step === 'thanks') thanksRef.current?.focus();
  }, [step]);

  /** Slides the card down, then lets it go (at once for users who prefer reduced motion). */
  function leave() {
    if (leaving) return;
    setLeaving(true);
    window.setTimeout(onDone, prefersReducedMotion() ? 0 : LEAVE_MS);
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (rating === null) return;
    setSending(true);
    setError(null);
    try {
      await sendContactMessage({ type: 'survey', rating, body: comment.trim(), email: email ?? NO_USER_EMAIL });
      setStep('thanks');
    } catch (failure) {
      if (!(failure instanceof ApiError)) console.error('The survey answer could not be sent', failure);
      setError(failure instanceof ApiError ? failure.message : t('errors:generic_error'));
    } finally {
      setSending(false);
    }
  }

  return {
    step,
    setStep,
    open,
    toggleOpen: () => setOpen((value) => !value),
    rating,
    setRating,
    comment,
    setComment,
    sending,
    error,
    leaving,
    leave,
    send,
    commentRef,
    thanksRef,
  };
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
