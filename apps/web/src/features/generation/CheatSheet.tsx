import type { GenerationSlug } from '@quire/contracts';
import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation';

/** Tools that share their tips. */
const SHEETS: Partial<Record<GenerationSlug, GenerationSlug>> = { summarize: 'summarize-text' };
const TIPS = ['tip1', 'tip2', 'tip3'] as const;

type Props = { slug: GenerationSlug; shown: boolean; onToggle: () => void };

/** Tips for the tool, above its form (DESIGN "A tool page"); shown by default and folded away on request. */
export function CheatSheet({ slug, shown, onToggle }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const sheet = SHEETS[slug] ?? slug;
  return (
    <section className="cheat-sheet" aria-labelledby={`${id}-title`} data-testid="cheat-sheet">
      <div className="cheat-sheet__header">
        <h2 id={`${id}-title`} className="cheat-sheet__title">
          {t('generation.cheatSheet.title')}
        </h2>
        <button
          type="button"
          className="button button--small button--secondary"
          aria-expanded={shown}
          aria-controls={`${id}-tips`}
          onClick={onToggle}
          data-testid="cheat-sheet-toggle"
        >
          {shown ? t('generation.cheatSheet.hide') : t('generation.cheatSheet.show')}
        </button>
      </div>
      <ul id={`${id}-tips`} className="cheat-sheet__tips" hidden={!shown} data-testid="cheat-sheet-tips">
        {TIPS.map((tip) => (
          <li key={tip}>{t(`generation.cheatSheet.tools.${sheet}.${tip}`)}</li>
        ))}
      </ul>
    </section>
  );
}
