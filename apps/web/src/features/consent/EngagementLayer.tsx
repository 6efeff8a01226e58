import { SURVEY_DELAY_SECONDS } from '@quire/contracts';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { importWithReload } from '../../lib/chunk-reload';
import { AnalyticsTracker } from '../analytics';
import { useSession } from '../auth';
import { useErrorReporting } from '../error-reporting';
import { useServerStatus } from '../status';
import { isSurveyDone, markSurveyDone, SurveyCard, useSurveyDue } from '../survey';
import { useConsent, useConsentSettingsOpen } from './consent.store';
import { useConsentQuietRoute } from './consent-routes';
import { applyMarketingFont } from './marketing-font';

// Each in its own chunk, loaded only when it is needed: the landing route's budget carries none of them.
const ConsentCard = lazy(() =>
  importWithReload(() => import('./ConsentCard')).then((module) => ({ default: module.ConsentCard })),
);

/**
 * What the visitor's cookie choice governs, around every page: the cookie card until they choose (not on the
 * quiet routes) and whenever they open the settings; the marketing font with marketing consent; analytics and
 * error reports (when the server has SENTRY_DSN) with analytics consent; and, for signed-in users, the rating
 * survey once they used the app long enough.
 */
export function EngagementLayer() {
  const consent = useConsent();
  const settingsOpen = useConsentSettingsOpen();
  const status = useServerStatus();
  const quiet = useConsentQuietRoute();
  const cardShown = settingsOpen || (consent === null && !quiet);

  useEffect(() => applyMarketingFont(consent?.marketing === true), [consent?.marketing]);
  // Error reports leave the device so that we know what to improve, as analytics do: they share that consent.
  useErrorReporting(consent?.analytics ? (status?.error_reporting ?? null) : null);

  // Apart, so that one of them loading never hides another.
  return (
    <>
      <Suspense fallback={null}>
        {cardShown && <ConsentCard key={settingsOpen ? 'settings' : 'ask'} fromSettings={settingsOpen} />}
      </Suspense>
      <Suspense fallback={null}>
        {consent?.analytics && <AnalyticsTracker settings={status?.analytics ?? { provider: 'quire' }} />}
      </Suspense>
      <Suspense fallback={null}>
        <SurveyGate delaySeconds={status?.survey_delay_seconds ?? SURVEY_DELAY_SECONDS} hidden={quiet || cardShown} />
      </Suspense>
    </>
  );
}

/** The survey for signed-in users who have not answered it on this device (spec §4), after the delay. */
function SurveyGate({ delaySeconds, hidden }: { delaySeconds: number; hidden: boolean }) {
  const email = useSession()?.profile?.email ?? null;
  const dialogOpen = useModalDialogOpen();
  const [done, setDone] = useState(false);
  const open = Boolean(email) && !done && !isSurveyDone(email ?? '');
  const due = useSurveyDue(open, delaySeconds);
  const finish = useCallback(() => {
    if (email) markSurveyDone(email);
    setDone(true);
  }, [email]);
  // It waits while a dialog asks something else, rather than covering it.
  if (!open || !due || hidden || dialogOpen) return null;
  return <SurveyCard email={email} onDone={finish} />;
}

/** Whether a modal dialog is open; dialogs render into the page's body (components/dialog/Dialog). */
function useModalDialogOpen(): boolean {
  const [open, setOpen] = useState(modalDialogOpen);
  useEffect(() => {
    const observer = new MutationObserver(() => setOpen(modalDialogOpen()));
    observer.observe(document.body, { childList: true });
    return () => observer.disconnect();
  }, []);
  return open;
}

function modalDialogOpen(): boolean {
  return document.querySelector('[aria-modal="true"]') !== null;
}
