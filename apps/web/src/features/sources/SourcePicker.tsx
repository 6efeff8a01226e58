import type { Source } from '@quire/contracts';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { sourceStateText, sourceTypeLabel } from './source-labels';
import { useSources } from './sources.queries';
import { newestFirst } from './sources.state';
import './sources-styles';

export type PickerTab = 'documents' | 'sources';
const TABS: readonly PickerTab[] = ['documents', 'sources'];

type Props = {
  /** Ids of the chosen sources. */
  selected: readonly string[];
  onChange: (ids: string[]) => void;
};

/**
 * Source selection for the writing tools (spec §2): "My documents" (uploaded PDFs) and "My sources" (documents
 * and articles), several at a time. Only usable sources can be chosen; one still being read, or one that
 * failed, is shown disabled with its state, since unprocessed sources are never used in writing (spec §4).
 */
export function SourcePicker({ selected, onChange }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const library = useSources();
  const [tab, setTab] = useState<PickerTab>('documents');
  const tabRefs = useRef<Record<PickerTab, HTMLButtonElement | null>>({ documents: null, sources: null });

  const lists = useMemo(
    () => ({
      documents: newestFirst(library.sources.filter((source) => source.type === 'document')),
      sources: newestFirst(library.sources),
    }),
    [library.sources],
  );
  const chosen = new Set(selected);
  const chosenCount = library.sources.filter((source) => chosen.has(source.id)).length;

  function toggle(source: Source, on: boolean) {
    if (source.state !== 'usable') return;
    onChange(
      on
        ? [...selected.filter((other) => other !== source.id), source.id]
        : selected.filter((other) => other !== source.id),
    );
  }

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const index = TABS.indexOf(tab);
    const next =
      event.key === 'ArrowRight'
        ? TABS[(index + 1) % TABS.length]
        : event.key === 'ArrowLeft'
          ? TABS[(index + TABS.length - 1) % TABS.length]
          : event.key === 'Home'
            ? TABS[0]
            : event.key === 'End'
              ? TABS.at(-1)
              : undefined;
    if (!next) return;
    event.preventDefault();
    setTab(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <div className="source-picker" data-testid="source-picker">
      <div className="source-picker__header">
        <div className="source-picker__tabs" role="tablist" aria-label={t('sources.picker.label')}>
          {TABS.map((value) => (
            <button
              key={value}
              ref={(element) => {
                tabRefs.current[value] = element;
              }}
              id={`${id}-tab-${value}`}
              type="button"
              role="tab"
              className="source-picker__tab"
              aria-selected={tab === value}
              aria-controls={`${id}-panel`}
              tabIndex={tab === value ? 0 : -1}
              onClick={() => setTab(value)}
              onKeyDown={onTabKey}
              data-testid={`source-picker-tab-${value}`}
            >
              {t(`sources.picker.tabs.${value}`)}
            </button>
          ))}
        </div>
        <span className="source-picker__count muted" role="status" data-testid="source-picker-count">
          {t('sources.picker.selected', { count: chosenCount })}
        </span>
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${tab}`} className="source-picker__panel">
        {library.status === 'error' ? (
          <p className="field__error" role="alert">
            {library.error}
          </p>
        ) : library.status !== 'ready' ? (
          <p className="source-library__loading" role="status">
            <span className="spinner" aria-hidden="true" />
            {t('sources.library.loading')}
          </p>
        ) : lists[tab].length === 0 ? (
          <p className="muted" data-testid="source-picker-empty">
            {t(`sources.picker.empty.${tab}`)}
          </p>
        ) : (
          <ul className="source-picker__list">
            {lists[tab].map((source) => (
              <PickerOption
                key={source.id}
                source={source}
                checked={chosen.has(source.id)}
                onToggle={(on) => toggle(source, on)}
              />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function PickerOption({
  source,
  checked,
  onToggle,
}: {
  source: Source;
  checked: boolean;
  onToggle: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const usable = source.state === 'usable';
  return (
    <li
      className={`source-picker__option${usable ? '' : ' source-picker__option--disabled'}`}
      data-testid="source-picker-option"
      data-source-id={source.id}
      data-state={source.state}
    >
      <input
        id={id}
        type="checkbox"
        checked={usable && checked}
        disabled={!usable}
        onChange={(event) => onToggle(event.target.checked)}
        aria-describedby={usable ? undefined : `${id}-state`}
      />
      <label htmlFor={id} className="source-picker__label">
        <span className="source-picker__name">{source.name}</span>{' '}
        <span className="badge">{sourceTypeLabel(t, source.type)}</span>
      </label>
      {!usable && (
        <span id={`${id}-state`} className={`source-picker__state source-row__state--${source.state}`}>
          {sourceStateText(t, source)}
        </span>
      )}
    </li>
  );
}
