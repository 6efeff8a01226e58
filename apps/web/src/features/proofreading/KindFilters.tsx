import { ProofreadingKind as Kinds, type ProofreadingKind } from '@quire/contracts';
import { useTranslation } from '../../i18n/use-translation';
import type { KindCounts } from './corrections.state';

type Props = {
  counts: KindCounts;
  /** How many issues of each kind "apply all" would correct (those with a suggestion). */
  fixable: KindCounts;
  shown: ReadonlySet<ProofreadingKind>;
  onToggle: (kind: ProofreadingKind) => void;
  onApplyAll: (kind: ProofreadingKind) => void;
};

export const KINDS: readonly ProofreadingKind[] = Kinds.options;

/**
 * The count of each kind of issue, which doubles as the legend (each with a sample of its underline) and as a
 * filter (pressed: underlined in the text), with "apply all" beside it.
 */
export function KindFilters({ counts, fixable, shown, onToggle, onApplyAll }: Props) {
  const { t } = useTranslation();
  return (
    <ul className="proofreading__kinds" aria-label={t('proofreading.result.filters')} data-testid="proofreading-kinds">
      {KINDS.map((kind) => (
        <li key={kind} className="proofreading__kind">
          <button
            type="button"
            className="button button--small button--secondary proofreading__filter"
            aria-pressed={shown.has(kind)}
            onClick={() => onToggle(kind)}
            data-testid={`kind-filter-${kind}`}
          >
            <span className={`proofreading__swatch proofreading__mark--${kind}`} aria-hidden="true">
              {'\u00a0\u00a0\u00a0\u00a0'}
            </span>
            {t('proofreading.count', { kind: t(`proofreading.kinds.${kind}`), count: counts[kind] })}
            <span className="visually-hidden"> ({t(`proofreading.legend.${kind}`)})</span>
          </button>
          {fixable[kind] > 0 && (
            <button
              type="button"
              className="button button--small"
              onClick={() => onApplyAll(kind)}
              data-testid={`apply-all-${kind}`}
            >
              {t(`proofreading.applyAll.${kind}`, { count: fixable[kind] })}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
