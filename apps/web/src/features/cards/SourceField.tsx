import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { newestFirst, sourceStateText, useSources } from '../sources';

type Props = {
  id: string;
  value: string;
  onChange: (sourceId: string) => void;
  invalid: boolean;
  describedBy: string | undefined;
  problem: ReactNode;
};

/**
 * The source to make cards from: any document or article of the library, newest first. Only usable ones can be
 * chosen; one still being read or one that failed is listed disabled with its state (spec §4).
 */
export function SourceField({ id, value, onChange, invalid, describedBy, problem }: Props) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const library = useSources();
  const sources = useMemo(() => newestFirst(library.sources), [library.sources]);
  return (
    <div className="field">
      <label htmlFor={id}>{t('cards.create.source')}</label>
      {library.status === 'error' ? (
        <p className="field__error" role="alert">
          {library.error}
        </p>
      ) : library.status !== 'ready' ? (
        <p className="muted" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('sources.library.loading')}
        </p>
      ) : sources.length === 0 ? (
        <p className="muted" data-testid="create-no-sources">
          {t('cards.create.noSources')} <Link to={to('sources')}>{t('cards.create.addSources')}</Link>
        </p>
      ) : (
        <select
          id={id}
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
          data-testid="create-source"
        >
          <option value="">{t('cards.create.chooseSource')}</option>
          {sources.map((source) => (
            <option key={source.id} value={source.id} disabled={source.state !== 'usable'}>
              {source.state === 'usable'
                ? source.name
                : t('cards.create.sourceWithState', { name: source.name, state: sourceStateText(t, source) })}
            </option>
          ))}
        </select>
      )}
      {problem}
    </div>
  );
}
