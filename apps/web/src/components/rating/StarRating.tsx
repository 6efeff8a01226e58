import { SURVEY_RATING_MAX } from '@quire/contracts';
import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { adoptStyles } from '../../lib/adopt-styles';
import css from './star-rating.css?inline';

adoptStyles('quire-star-rating-styles', css);

type Props = {
  legend: string;
  value: number | null;
  onChange: (rating: number) => void;
  disabled?: boolean;
  testId?: string;
};

const RATINGS = Array.from({ length: SURVEY_RATING_MAX }, (_, index) => index + 1);

/**
 * Five stars as a radio group (spec §9: rating scale 5 stars): native radio buttons, so Tab reaches the group
 * and the arrow keys choose, as everywhere else; each star is labelled "n of 5 stars" for screen readers.
 */
export function StarRating({ legend, value, onChange, disabled = false, testId = 'star-rating' }: Props) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <div className="star-rating" role="radiogroup" aria-labelledby={`${name}-legend`} data-testid={testId}>
      <p id={`${name}-legend`} className="star-rating__legend">
        {legend}
      </p>
      <div className="star-rating__stars">
        {RATINGS.map((rating) => (
          <label key={rating} className={`star-rating__star${value !== null && rating <= value ? ' is-lit' : ''}`}>
            <input
              type="radio"
              name={name}
              value={rating}
              checked={value === rating}
              disabled={disabled}
              onChange={() => onChange(rating)}
              className="visually-hidden"
              data-testid={`${testId}-${rating}`}
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{t('survey.stars', { rating, max: SURVEY_RATING_MAX })}</span>
          </label>
        ))}
      </div>
    </div>
  );
}
