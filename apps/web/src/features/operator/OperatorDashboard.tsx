import type { AnalyticsSummary } from '@quire/contracts';
import { useEffect, useId, useState } from 'react';
import { ApiError } from '../../api/client';
import { useTranslation } from '../../i18n/use-translation';
import { adoptStyles } from '../../lib/adopt-styles';
import { OperatorSummary } from './OperatorSummary';
import { loadAnalyticsSummary } from './operator.api';
import css from './operator.css?inline';

adoptStyles('quire-operator-styles', css);

export const PERIODS = [7, 30, 90] as const;

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; summary: AnalyticsSummary }
  | { kind: 'not-operator' }
  | { kind: 'error'; message: string };

/** The operators' dashboard: page views per day, top pages, events and devices over a chosen period. */
export function OperatorDashboard() {
  const { t } = useTranslation();
  const periodId = useId();
  const [days, setDays] = useState<number>(30);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>({ kind: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is there to load again on "retry".
  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'loading' });
    loadAnalyticsSummary(days, controller.signal)
      .then((summary) => setState({ kind: 'ready', summary }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.code === 'not_found') setState({ kind: 'not-operator' });
        else if (error instanceof ApiError) setState({ kind: 'error', message: error.message });
        else {
          console.error('The analytics summary could not be loaded', error);
          setState({ kind: 'error', message: t('errors:generic_error') });
        }
      });
    return () => controller.abort();
  }, [days, attempt, t]);

  if (state.kind === 'not-operator') {
    return (
      <div className="notice notice--warning" role="alert" data-testid="operator-not-found">
        <p>
          <strong>{t('errors:not_found_title')}</strong>
        </p>
        <p>{t('operator.notOperator')}</p>
      </div>
    );
  }

  return (
    <div className="operator" aria-busy={state.kind === 'loading'}>
      <div className="operator__period field">
        <label htmlFor={periodId}>{t('operator.period')}</label>
        <select
          id={periodId}
          value={days}
          onChange={(event) => setDays(Number(event.target.value))}
          data-testid="operator-period"
        >
          {PERIODS.map((period) => (
            <option key={period} value={period}>
              {t('operator.lastDays', { days: period })}
            </option>
          ))}
        </select>
      </div>
      {state.kind === 'loading' && (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> {t('operator.loading')}
        </p>
      )}
      {state.kind === 'error' && (
        <div className="notice notice--error" role="alert" data-testid="operator-error">
          <p>{state.message}</p>
          <button type="button" className="button button--small" onClick={() => setAttempt((value) => value + 1)}>
            {t('operator.retry')}
          </button>
        </div>
      )}
      {state.kind === 'ready' && <OperatorSummary summary={state.summary} />}
    </div>
  );
}
