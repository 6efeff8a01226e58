import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { importWithReload } from '../../lib/chunk-reload';

const ReportDialog = lazy(() =>
  importWithReload(() => import('./ReportDialog')).then((module) => ({ default: module.ReportDialog })),
);

/**
 * "Report" below a generated result (DESIGN: copy, export, favourite, share, report): opens the report dialog
 * for that result. For the writing tools' result view; the result must be the signed-in user's own.
 */
export function ReportResultButton({ resultId }: { resultId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="button button--small button--secondary"
        onClick={() => setOpen(true)}
        data-testid="report-result"
      >
        {t('feedback.report.open')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog resultId={resultId} onClose={() => setOpen(false)} returnFocus={buttonRef} />
        </Suspense>
      )}
    </>
  );
}
