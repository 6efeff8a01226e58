import type { AnalyticsSummary } from '@quire/contracts';
import { useEffect, useId, useState } from 'react';
import { ApiError } from '../../api/client';
import { useTranslation } from '../../i18n/use-translation';
import { adoptStyles } from '../../lib/adopt-styles';
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
      {state.kind === 'ready' && <Summary summary={state.summary} />}
    </div>
  );
}

function Summary({ summary }: { summary: AnalyticsSummary }) {
  const { t, language } = useTranslation();
  const number = new Intl.NumberFormat(language);
  const dayFormat = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const highest = Math.max(1, ...summary.page_views.map((day) => day.views));
  return (
    <>
      <dl className="operator__totals" data-testid="operator-totals">
        <div>
          <dt>{t('operator.totals.pageViews')}</dt>
          <dd data-testid="operator-page-views">{number.format(summary.totals.page_views)}</dd>
        </div>
        <div>
          <dt>{t('operator.totals.sessions')}</dt>
          <dd>{number.format(summary.totals.sessions)}</dd>
        </div>
        <div>
          <dt>{t('operator.totals.events')}</dt>
          <dd>{number.format(summary.totals.events)}</dd>
        </div>
      </dl>
      {summary.totals.page_views === 0 && summary.totals.events === 0 && (
        <p className="muted" data-testid="operator-empty">
          {t('operator.empty')}
        </p>
      )}

      <section aria-labelledby="operator-per-day">
        <h2 id="operator-per-day">{t('operator.perDay')}</h2>
        <div className="operator__chart" aria-hidden="true">
          {summary.page_views.map((day) => (
            <span
              key={day.day}
              className="operator__bar"
              style={{ height: `${(day.views / highest) * 100}%` }}
              title={`${dayFormat.format(new Date(day.day))}: ${number.format(day.views)}`}
            />
          ))}
        </div>
        <table className="operator__table operator__table--days">
          <caption className="visually-hidden">{t('operator.perDay')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('operator.day')}</th>
              <th scope="col">{t('operator.views')}</th>
              <th scope="col">{t('operator.sessions')}</th>
            </tr>
          </thead>
          <tbody>
            {[...summary.page_views].reverse().map((day) => (
              <tr key={day.day}>
                <th scope="row">{dayFormat.format(new Date(day.day))}</th>
                <td>{number.format(day.views)}</td>
                <td>{number.format(day.sessions)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <div className="operator__columns">
        <section aria-labelledby="operator-paths">
          <h2 id="operator-paths">{t('operator.topPaths')}</h2>
          <table className="operator__table" data-testid="operator-top-paths">
            <thead>
              <tr>
                <th scope="col">{t('operator.path')}</th>
                <th scope="col">{t('operator.views')}</th>
              </tr>
            </thead>
            <tbody>
              {summary.top_paths.map((row) => (
                <tr key={row.path}>
                  <td>
                    <code>{row.path}</code>
                  </td>
                  <td>{number.format(row.views)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>

        <section aria-labelledby="operator-events">
          <h2 id="operator-events">{t('operator.topEvents')}</h2>
          <table className="operator__table" data-testid="operator-top-events">
            <thead>
              <tr>
                <th scope="col">{t('operator.event')}</th>
                <th scope="col">{t('operator.count')}</th>
              </tr>
            </thead>
            <tbody>
              {summary.top_events.map((row) => (
                <tr key={`${row.name}:${row.detail ?? ''}`}>
                  <td>
                    {t(`operator.events.${row.name}`)}
                    {row.detail && <code className="operator__detail">{row.detail}</code>}
                  </td>
                  <td>{number.format(row.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>

        <section aria-labelledby="operator-devices">
          <h2 id="operator-devices">{t('operator.devices')}</h2>
          <table className="operator__table">
            <thead>
              <tr>
                <th scope="col">{t('operator.device')}</th>
                <th scope="col">{t('operator.views')}</th>
              </tr>
            </thead>
            <tbody>
              {summary.devices.map((row) => (
                <tr key={row.device}>
                  <td>{t(`operator.deviceClasses.${row.device}`)}</td>
                  <td>{number.format(row.views)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </>
  );
}
