import type { AnalyticsSummary } from '@quire/contracts';
import { useTranslation } from '../../i18n/use-translation';

/** Numbers and days in the reader's language; days are UTC dates, as the server counts them. */
function useFormats() {
  const { language } = useTranslation();
  return {
    number: new Intl.NumberFormat(language),
    day: new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
  };
}

/** One period's figures: totals, page views per day, and the top pages, events and devices. */
export function OperatorSummary({ summary }: { summary: AnalyticsSummary }) {
  return (
    <>
      <Totals totals={summary.totals} />
      <ViewsPerDay days={summary.page_views} />
      <div className="operator__columns">
        <TopPaths rows={summary.top_paths} />
        <TopEvents rows={summary.top_events} />
        <Devices rows={summary.devices} />
      </div>
    </>
  );
}

function Totals({ totals }: { totals: AnalyticsSummary['totals'] }) {
  const { t } = useTranslation();
  const { number } = useFormats();
  return (
    <>
      <dl className="operator__totals" data-testid="operator-totals">
        <div>
          <dt>{t('operator.totals.pageViews')}</dt>
          <dd data-testid="operator-page-views">{number.format(totals.page_views)}</dd>
        </div>
        <div>
          <dt>{t('operator.totals.sessions')}</dt>
          <dd>{number.format(totals.sessions)}</dd>
        </div>
        <div>
          <dt>{t('operator.totals.events')}</dt>
          <dd>{number.format(totals.events)}</dd>
        </div>
      </dl>
      {totals.page_views === 0 && totals.events === 0 && (
        <p className="muted" data-testid="operator-empty">
          {t('operator.empty')}
        </p>
      )}
    </>
  );
}

/** A bar per day for the eye, and the same figures as a table, newest first, for everyone. */
function ViewsPerDay({ days }: { days: AnalyticsSummary['page_views'] }) {
  const { t } = useTranslation();
  const { number, day: dayFormat } = useFormats();
  const highest = Math.max(1, ...days.map((day) => day.views));
  return (
    <section aria-labelledby="operator-per-day">
      <h2 id="operator-per-day">{t('operator.perDay')}</h2>
      <div className="operator__chart" aria-hidden="true">
        {days.map((day) => (
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
          {[...days].reverse().map((day) => (
            <tr key={day.day}>
              <th scope="row">{dayFormat.format(new Date(day.day))}</th>
              <td>{number.format(day.views)}</td>
              <td>{number.format(day.sessions)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function TopPaths({ rows }: { rows: AnalyticsSummary['top_paths'] }) {
  const { t } = useTranslation();
  const { number } = useFormats();
  return (
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
          {rows.map((row) => (
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
  );
}

function TopEvents({ rows }: { rows: AnalyticsSummary['top_events'] }) {
  const { t } = useTranslation();
  const { number } = useFormats();
  return (
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
          {rows.map((row) => (
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
  );
}

function Devices({ rows }: { rows: AnalyticsSummary['devices'] }) {
  const { t } = useTranslation();
  const { number } = useFormats();
  return (
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
          {rows.map((row) => (
            <tr key={row.device}>
              <td>{t(`operator.deviceClasses.${row.device}`)}</td>
              <td>{number.format(row.views)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
