import { GENERATION_SLUGS, type OwnApp } from '@quire/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { HistoryParams } from './history-params';

/** How long typing pauses before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

type Props = {
  params: HistoryParams;
  ownApps: readonly OwnApp[];
  /** `typing` is true for search changes, which replace the URL instead of adding to the browser history. */
  onChange: (params: HistoryParams, typing: boolean) => void;
};

/** The tool filter and the search box; the search runs once typing pauses, or at once on Enter. */
export function HistoryFilters({ params, ownApps, onChange }: Props) {
  const { t } = useTranslation();
  const toolId = useId();
  const searchId = useId();
  const [query, setQuery] = useState(params.q);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef({ params, onChange });
  latest.current = { params, onChange };

  // The URL changed by itself (Back, a link): the box shows its query.
  useEffect(() => {
    clearTimeout(timer.current);
    setQuery(params.q);
  }, [params.q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function type(value: string) {
    setQuery(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const current = latest.current;
      if (value !== current.params.q) current.onChange({ ...current.params, q: value }, true);
    }, SEARCH_DEBOUNCE_MS);
  }

  function searchNow() {
    clearTimeout(timer.current);
    if (query !== params.q) onChange({ ...params, q: query }, false);
  }

  // A tool of the URL that is neither built in nor one of the user's applications still shows as chosen.
  const known =
    (GENERATION_SLUGS as readonly string[]).includes(params.tool) || ownApps.some((app) => app.slug === params.tool);

  return (
    <search className="history-filters" data-testid="history-filters">
      <form
        className="history-filters__form"
        onSubmit={(event) => {
          event.preventDefault();
          searchNow();
        }}
      >
        <div className="field history-filters__search">
          <label htmlFor={searchId}>{t('history.filters.search')}</label>
          <input
            id={searchId}
            type="search"
            value={query}
            maxLength={200}
            placeholder={t('history.filters.searchPlaceholder')}
            onChange={(event) => type(event.target.value)}
            data-testid="history-search"
          />
        </div>
        <div className="field history-filters__tool">
          <label htmlFor={toolId}>{t('history.filters.tool')}</label>
          <select
            id={toolId}
            value={params.tool}
            onChange={(event) => onChange({ ...params, tool: event.target.value }, false)}
            data-testid="history-tool"
          >
            <option value="">{t('history.filters.allTools')}</option>
            <optgroup label={t('history.filters.builtIn')}>
              {GENERATION_SLUGS.map((slug) => (
                <option key={slug} value={slug}>
                  {t(`tools.${slug}.title`)}
                </option>
              ))}
            </optgroup>
            {ownApps.length > 0 && (
              <optgroup label={t('history.filters.ownApps')}>
                {ownApps.map((app) => (
                  <option key={app.id} value={app.slug}>
                    {app.name}
                  </option>
                ))}
              </optgroup>
            )}
            {params.tool && !known && <option value={params.tool}>{t('history.filters.otherTool')}</option>}
          </select>
        </div>
      </form>
    </search>
  );
}
