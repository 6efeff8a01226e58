import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation';

const POINTS = ['statistics', 'shortTexts', 'falsePositives', 'editing', 'neverAlone'] as const;

/** What such scores can and cannot show; always beside the result, never folded away. */
export function DetectorExplanation() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <aside className="detector__explanation" aria-labelledby={id} data-testid="detector-explanation">
      <h2 id={id}>{t('detector.explanation.title')}</h2>
      <ul>
        {POINTS.map((point) => (
          <li key={point}>{t(`detector.explanation.${point}`)}</li>
        ))}
      </ul>
    </aside>
  );
}
