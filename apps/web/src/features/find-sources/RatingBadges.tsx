import type { Paper, RatingLevel } from '@quire/contracts';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { RATING_KINDS, type RatingKind, ratingLabel } from './paper-labels';

const DOTS: Record<RatingLevel, string> = { high: '●●●', normal: '●●○', low: '●○○' };

/**
 * The three ratings as small badges (relevance, quality, trustworthiness: high/normal/low). Each badge is a
 * button: its reason shows beside it on hover and focus, and stays shown after a click or tap (a phone has no
 * hover); screen readers read the reason as the badge's description.
 */
export function RatingBadges({ paper }: { paper: Pick<Paper, 'relevance' | 'quality' | 'trustworthiness'> }) {
  const { t } = useTranslation();
  const id = useId();
  const [shown, setShown] = useState<RatingKind | null>(null);
  return (
    <ul className="rating-badges" aria-label={t('findSources.rating.label')}>
      {RATING_KINDS.map((kind) => {
        const rating = paper[kind];
        const reasonId = `${id}-${kind}`;
        const open = shown === kind;
        return (
          <li key={kind} className={`rating-badge rating-badge--${rating.level}`}>
            <button
              type="button"
              className="rating-badge__label"
              aria-describedby={reasonId}
              onClick={() => setShown(open ? null : kind)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') setShown(null);
              }}
              data-testid={`rating-${kind}`}
              data-level={rating.level}
            >
              <span className="rating-badge__dots" aria-hidden="true">
                {DOTS[rating.level]}
              </span>{' '}
              {ratingLabel(t, kind, rating.level)}
            </button>
            <span
              id={reasonId}
              role="tooltip"
              className={`rating-badge__reason${open ? ' rating-badge__reason--open' : ''}`}
              data-testid={`rating-${kind}-reason`}
            >
              {rating.reason}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
