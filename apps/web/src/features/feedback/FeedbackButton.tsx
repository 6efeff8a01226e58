import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { importWithReload } from '../../lib/chunk-reload';

const FeedbackDialog = lazy(() =>
  importWithReload(() => import('./FeedbackDialog')).then((module) => ({ default: module.FeedbackDialog })),
);

/** "Feedback" (the footers show it to signed-in users): opens the feedback dialog, loaded when first opened. */
export function FeedbackButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} data-testid="feedback-open">
        {t('feedback.open')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <FeedbackDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
