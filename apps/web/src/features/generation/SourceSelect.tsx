import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { newestFirst, useSources } from '../sources';

type SourceSelectProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: ReactNode;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'data-testid': string;
};

/** The one source to summarize: any usable document or article of the library. */
export function SourceSelect({ label, value, onChange, error, ...props }: SourceSelectProps) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const library = useSources();
  const sources = useMemo(() => newestFirst(library.sources), [library.sources]);
  return (
    <div className="field tool-form__field">
      <label htmlFor={props.id}>{label}</label>
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
        <p className="muted" data-testid="source-select-empty">
          {t('generation.form.noSources')} <Link to={to('sources')}>{t('generation.form.addSources')}</Link>
        </p>
      ) : (
        <select {...props} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{t('generation.form.chooseSource')}</option>
          {sources.map((source) => (
            <option key={source.id} value={source.id} disabled={source.state !== 'usable'}>
              {source.name}
            </option>
          ))}
        </select>
      )}
      {error}
    </div>
  );
}
