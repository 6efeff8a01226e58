import type { AnalyticsSettings } from '@quire/contracts';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useAccountProfile } from '../auth';
import { createQuireTracker, type Tracker } from './analytics.client';
import { createPlausibleTracker } from './plausible';
import { takeSignUp } from './sign-ups';
import { toolRunOf } from './tool-runs';

/**
 * Mounted only while the visitor consents to analytics: counts a page view on every navigation, a tool run
 * whenever a tool's form is submitted and a sign-up when a brand-new account appears, and sends what waits when
 * the page is hidden or left. Unmounting it (consent withdrawn) stops everything at once.
 */
export function AnalyticsTracker({ settings }: { settings: AnalyticsSettings }) {
  const { pathname } = useLocation();
  const [tracker, setTracker] = useState<Tracker | null>(null);
  const profile = useAccountProfile();
  const domain = settings.provider === 'plausible' ? settings.domain : null;
  const scriptUrl = settings.provider === 'plausible' ? settings.script_url : null;

  useEffect(() => {
    const started =
      domain && scriptUrl ? createPlausibleTracker({ domain, script_url: scriptUrl }) : createQuireTracker();
    const onHidden = () => {
      if (document.visibilityState === 'hidden') started.flush(true);
    };
    const onLeave = () => started.flush(true);
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target instanceof HTMLFormElement ? event.target : null;
      const tool = form ? toolRunOf(form, window.location.pathname) : null;
      if (tool) started.event('tool_run', window.location.pathname, tool);
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onLeave);
    document.addEventListener('submit', onSubmit, true);
    setTracker(started);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onLeave);
      document.removeEventListener('submit', onSubmit, true);
      started.stop();
    };
  }, [domain, scriptUrl]);

  useEffect(() => {
    tracker?.pageView(pathname);
  }, [tracker, pathname]);

  useEffect(() => {
    if (tracker && profile && takeSignUp(profile)) tracker.event('sign_up', window.location.pathname);
  }, [tracker, profile]);

  return null;
}
