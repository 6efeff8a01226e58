import { useSyncExternalStore } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { loadingProgress, type ProgressStore } from './progress.store';

/** The 2px bar at the top of the window: black while a page loads, red when loading failed. */
export function TopProgressBar({ store = loadingProgress }: { store?: ProgressStore }) {
  const { t } = useTranslation();
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const status = state.failed ? 'failed' : state.visible ? 'loading' : 'hidden';
  return (
    <div
      className="top-progress-bar"
      data-testid="top-progress-bar"
      data-state={status}
      role="progressbar"
      aria-label={t('progress.label')}
      aria-hidden={!state.visible}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(state.value)}
    >
      <div className="top-progress-bar__fill" style={{ transform: `scaleX(${state.value / 100})` }} />
    </div>
  );
}
